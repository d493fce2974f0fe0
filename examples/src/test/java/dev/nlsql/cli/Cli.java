package dev.nlsql.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the command line in-process, capturing stdout and stderr and feeding stdin. */
final class Cli {

    record Run(int status, String out, String err) {
    }

    private static final Object LOCK = new Object();

    private Cli() {
    }

    static Run run(String... args) {
        return withInput(null, args);
    }

    static Run withInput(String stdin, String... args) {
        synchronized (LOCK) {
            PrintStream oldOut = System.out;
            InputStream oldIn = System.in;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            StringWriter err = new StringWriter();
            try {
                System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                if (stdin != null) {
                    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
                }
                int status = NlsqlCommand.run(args, new PrintWriter(System.out, true), new PrintWriter(err, true));
                return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
            } finally {
                System.setOut(oldOut);
                System.setIn(oldIn);
            }
        }
    }
}
