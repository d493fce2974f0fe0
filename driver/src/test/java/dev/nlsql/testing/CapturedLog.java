package dev.nlsql.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What slf4j-simple (the test binding, which writes each record to the current {@code System.err})
 * logs while it is open. Tests that use it must not run in parallel with each other.
 */
public final class CapturedLog implements AutoCloseable {

    private final PrintStream original = System.err;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    public CapturedLog() {
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    public synchronized String text() {
        System.err.flush();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        System.err.flush();
        System.setErr(original);
        original.print(bytes.toString(StandardCharsets.UTF_8)); // still shown in the test's output
    }
}
