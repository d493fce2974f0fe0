package dev.nlsql.internal.generate;

/**
 * The offline generator could not interpret a question with certainty (NL005); with
 * {@link #nothingLinked()}, a question worded as one about data none of whose words names anything
 * in the database (NL005, saying what the database holds); with {@link #notAboutDatabase()}, one
 * that is not about the database at all (the relevance gate: NL002).
 */
public final class NotUnderstoodException extends Exception {

    private final boolean notAboutDatabase;
    private final boolean nothingLinked;

    public NotUnderstoodException(String message) {
        this(message, false);
    }

    public NotUnderstoodException(String message, boolean notAboutDatabase) {
        this(message, notAboutDatabase, false);
    }

    private NotUnderstoodException(String message, boolean notAboutDatabase, boolean nothingLinked) {
        super(message, null, false, false);
        this.notAboutDatabase = notAboutDatabase;
        this.nothingLinked = nothingLinked;
    }

    /** A question worded as one about data that names nothing the database holds: it cannot be built (NL005). */
    static NotUnderstoodException nothingLinked(String message) {
        return new NotUnderstoodException(message, false, true);
    }

    /** Nothing in the question is about the database: not a question about it at all. */
    public boolean notAboutDatabase() {
        return notAboutDatabase;
    }

    /** Worded as a question about data, but none of its words names a table, column or value: the user should learn what there is. */
    public boolean nothingLinked() {
        return nothingLinked;
    }
}
