package dev.nlsql.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Locale;

/** Validated SQL by question, for a database whose schema has not changed since. */
final class AnswerCache {

    private record Key(String database, long schemaFingerprint, String question, String instructions) {
    }

    private final Cache<Key, String> answers = Caffeine.newBuilder().maximumSize(10_000).build();

    String get(String database, long fingerprint, String question, String instructions) {
        return answers.getIfPresent(key(database, fingerprint, question, instructions));
    }

    void put(String database, long fingerprint, String question, String instructions, String sql) {
        answers.put(key(database, fingerprint, question, instructions), sql);
    }

    void drop(String database, long fingerprint, String question, String instructions) {
        answers.invalidate(key(database, fingerprint, question, instructions));
    }

    private static Key key(String database, long fingerprint, String question, String instructions) {
        return new Key(database, fingerprint, normalised(question), instructions == null ? "" : instructions.strip());
    }

    /** The question as both tiers key it: trimmed, runs of white space as one space, lower case. */
    static String normalised(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
