package dev.nlsql.internal.generate;

/**
 * The offline generator could not interpret a question with certainty (NL005), or, with
 * {@link #notAboutDatabase()}, found nothing in it that names a table, column or value of the
 * database (the relevance gate: NL002).
 */
public final class NotUnderstoodException extends Exception {

    private final boolean notAboutDatabase;

    public NotUnderstoodException(String message) {
        this(message, false);
    }

    public NotUnderstoodException(String message, boolean notAboutDatabase) {
        super(message, null, false, false);
        this.notAboutDatabase = notAboutDatabase;
    }

    /** Nothing in the question links to the database: not a question about it at all. */
    public boolean notAboutDatabase() {
        return notAboutDatabase;
    }
}
