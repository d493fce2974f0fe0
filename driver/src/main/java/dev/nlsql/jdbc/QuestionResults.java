package dev.nlsql.jdbc;

import dev.nlsql.internal.SqlState;
import dev.nlsql.engine.Answer;
import dev.nlsql.engine.Trace;
import dev.nlsql.engine.TraceException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * What a statement keeps of the last question it answered: the result, the trace, and the
 * warning that summarises it ("answered by: SQL after N attempts").
 */
final class QuestionResults {

    private Trace lastTrace;
    private ResultSet result;
    private SQLWarning warning;

    /** Answers through the connection and keeps the trace, also when the question fails. */
    ResultSet answer(StatementHost host, Statement owner, TextKind.Decision decision, int statementMaxRows) throws SQLException {
        return answer(host, owner, decision, null, statementMaxRows);
    }

    ResultSet answer(StatementHost host, Statement owner, TextKind.Decision decision, String instructions, int statementMaxRows)
            throws SQLException {
        close();
        try (dev.nlsql.internal.generate.LlmCancellation c = dev.nlsql.internal.generate.LlmCancellation.open()) {
            cancellation = c;
            Answer answer = host.answer(decision, instructions, statementMaxRows);
            lastTrace = answer.trace();
            warning = new SQLWarning(lastTrace.summary(), SqlState.WARNING.code());
            result = answer.rows() == null ? null : NlResultSet.wrap(host, owner, answer.rows());
            return result;
        } catch (TraceException e) {
            lastTrace = e.trace();
            throw e;
        } finally {
            cancellation = null;
        }
    }

    /** The question being answered, for {@link #cancel()} from another thread; null between questions. */
    private volatile dev.nlsql.internal.generate.LlmCancellation cancellation;

    /** Stops the model call of the question being answered, if any (Statement.cancel() stops its SQL). */
    void cancel() {
        dev.nlsql.internal.generate.LlmCancellation c = cancellation;
        if (c != null) {
            c.cancel();
        }
    }

    Trace lastTrace() {
        return lastTrace;
    }

    /** The current question result, or null when the statement's last text was SQL. */
    ResultSet result() {
        return result;
    }

    /** Forgets the last question (RESET NL): no trace, no warning, no result. */
    void forget() throws SQLException {
        close();
        lastTrace = null;
        warning = null;
    }

    SQLWarning warning() {
        return warning;
    }

    void clearWarning() {
        warning = null;
    }

    /** Forgets the current result (closing it); the trace stays readable. */
    void close() throws SQLException {
        if (result != null) {
            ResultSet r = result;
            result = null;
            r.close();
        }
    }
}
