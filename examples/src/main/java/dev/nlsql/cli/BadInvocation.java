package dev.nlsql.cli;

/** Options that parse but make no sense together; reported like a parse error (exit status 2). */
final class BadInvocation extends RuntimeException {
    BadInvocation(String message) {
        super(message);
    }
}
