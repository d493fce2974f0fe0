package dev.nlsql.cli;

import java.sql.SQLException;

/** How the command line words a failure for the user: a SQLException with its SQLSTATE, anything else by its message. */
final class Failures {

    private Failures() {
    }

    static String describe(Throwable ex) {
        if (ex instanceof SQLException s) {
            return "[" + s.getSQLState() + "] " + s.getMessage();
        }
        return ex.getMessage() == null ? ex.toString() : ex.getMessage();
    }
}
