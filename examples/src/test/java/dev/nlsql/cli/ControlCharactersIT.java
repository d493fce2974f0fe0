package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Values, narrations, SQL and errors holding terminal control sequences (an OSC 52 clipboard write,
 * a screen clear) are printed by {@code ask} and {@code shell} with the control characters escaped
 * ({@code \x1b}), never raw.
 */
class ControlCharactersIT {

    /** PostgreSQL escape strings: the values hold ESC, BEL, CR and a C1 CSI, the SQL text does not. */
    private static final String SQL = "SELECT E'\\x1b]52;c;ZXZpbA==\\x07' AS clip, E'\\x1b[2J\\x1b[H' || chr(155) || 'x\\rforged' AS clear";
    private static final String CLIP_ESCAPED = "\\x1b]52;c;ZXZpbA==\\x07";
    private static final String CLEAR_ESCAPED = "\\x1b[2J\\x1b[H\\x9bx\\rforged";

    private static void assertNoControlCharacters(String printed) {
        List<String> found = new ArrayList<>();
        printed.chars().filter(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f)
                .forEach(c -> found.add(String.format("U+%04X", c)));
        assertEquals(List.of(), found, "raw control characters printed:\n" + printed);
    }

    @Test
    void askPrintsValuesAndErrorsWithControlCharactersEscaped() {
        String url = TestPostgres.nlUrl();
        Cli.Run table = Cli.run("ask", "--url", url, "-p", "nlsql.llm=offline", SQL);
        assertEquals(0, table.status(), table.err());
        assertTrue(table.out().contains(CLIP_ESCAPED) && table.out().contains(CLEAR_ESCAPED), table.out());
        assertNoControlCharacters(table.out() + table.err());

        Cli.Run failed = Cli.run("ask", "--url", url, "-p", "nlsql.llm=offline", "SELECT CAST(E'\\x1b[2J' AS int)");
        assertEquals(1, failed.status());
        assertTrue(failed.err().contains("\\x1b[2J"), failed.err());
        assertNoControlCharacters(failed.out() + failed.err());
    }

    @Test
    void askNarratePrintsTheModelsNarrationEscaped() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(FakeOpenAi.answer(SQL.replace("SELECT", "SELECT /* model */")),
                FakeOpenAi.answer("The clip is \u001b]52;c;ZXZpbA==\u0007 and \u001b[2J\u001b[H the screen is clear."))) {
            List<String> args = new ArrayList<>(List.of("ask", "--narrate", "--url", TestPostgres.nlUrl()));
            for (String p : llm.params()) {
                args.add("-p");
                args.add(p);
            }
            args.add("what is on the clipboard?");
            Cli.Run r = Cli.run(args.toArray(new String[0]));
            assertEquals(0, r.status(), r.out() + r.err());
            assertTrue(r.out().contains("Answer: The clip is " + CLIP_ESCAPED + " and \\x1b[2J\\x1b[H the screen is clear."), r.out());
            assertNoControlCharacters(r.out() + r.err());
        }
    }

    @Test
    void theShellPrintsValuesTracesAndErrorsEscaped() {
        String input = SQL + ";\n\\x\n" + SQL + ";\nSELECT CAST(E'\\x1b[2J' AS int);\n";
        Cli.Run r = Cli.withInput(input, "shell", "--url", TestPostgres.nlUrl(), "-p", "nlsql.llm=offline");
        assertTrue(r.out().contains(CLIP_ESCAPED) && r.out().contains(CLEAR_ESCAPED), r.out());
        assertTrue(r.out().contains("-[ RECORD 1 ]"), "the expanded display too: " + r.out());
        assertTrue((r.out() + r.err()).contains("\\x1b[2J\""), r.out() + r.err());
        assertNoControlCharacters(r.out() + r.err());
    }
}
