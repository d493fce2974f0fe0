package dev.nlsql.internal.knowledge;

/**
 * A question and the SQL someone checked answers it, from the knowledge file's {@code verified} list.
 *
 * @param question the question as written
 * @param sql      its SQL (one read-only statement, checked against the catalog when the file is read)
 * @param by       who verified it, or null
 * @param at       when (as written in the file, an ISO date or date-time), or null
 */
public record VerifiedQuestion(String question, String sql, String by, String at) {
}
