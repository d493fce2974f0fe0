package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The eval's progress: rewritten in place on a terminal, one line per tenth of the questions in a log. */
class EvalProgressTest {

    private static String run(int total, boolean terminal, int rightEvery) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        EvalProgress progress = new EvalProgress(out, total, terminal);
        for (int i = 1; i <= total; i++) {
            progress.measured(i % rightEvery == 0);
        }
        progress.end();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withoutATerminalEveryTenthIsALineOfItsOwn() {
        String log = run(25, false, 2);
        assertFalse(log.contains("\r"), "no carriage return in a log: " + log);
        assertEquals(List.of("[3/25] 1 correct", "[6/25] 3 correct", "[9/25] 4 correct", "[12/25] 6 correct", "[15/25] 7 correct",
                "[18/25] 9 correct", "[21/25] 10 correct", "[24/25] 12 correct", "[25/25] 12 correct"), log.lines().toList());
        assertEquals(List.of("[1/1] 1 correct"), run(1, false, 1).lines().toList());
        assertEquals("", run(0, false, 1));
    }

    @Test
    void onATerminalOneLineIsRewrittenInPlaceAndEndedOnce() {
        String screen = run(3, true, 1);
        assertEquals("\r[1/3] 1 correct\r[2/3] 2 correct\r[3/3] 3 correct" + System.lineSeparator(), screen);
        assertTrue(run(0, true, 1).isEmpty(), "nothing to end when nothing was measured");
    }
}
