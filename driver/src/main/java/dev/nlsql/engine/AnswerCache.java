package dev.nlsql.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.Locale;

/** Validated SQL by question, for a database whose schema has not changed since. */
final class AnswerCache {

    private record Key(String database, long schemaFingerprint, String question, String instructions) {
    }

    /**
     * A validated answer: its SQL, and what the answer that put it here said of how it was found (its notes, such as a
     * name read despite a typo, and {@link Narrator#howFound}), and its interpretation ({@code reading} and
     * {@code doubts}), so that a replay tells the same, reads the same and is as sure, without linking the question's
     * values again.
     */
    record Entry(String sql, List<String> notes, List<String> howFound, String reading, List<String> doubts) {
        Entry {
            notes = List.copyOf(notes);
            howFound = List.copyOf(howFound);
            doubts = List.copyOf(doubts);
        }
    }

    private final Cache<Key, Entry> answers = Caffeine.newBuilder().maximumSize(10_000).build();

    Entry get(String database, long fingerprint, String question, String instructions) {
        return answers.getIfPresent(key(database, fingerprint, question, instructions));
    }

    void put(String database, long fingerprint, String question, String instructions, Entry entry) {
        answers.put(key(database, fingerprint, question, instructions), entry);
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
