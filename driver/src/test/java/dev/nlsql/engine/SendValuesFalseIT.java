package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.HostileCorpus;
import dev.nlsql.testing.Rows;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code nlsql.llm.sendValues=false}: no database value reaches the model by any route. Canary values
 * stored in the data, and every route that could carry them driven with the scripted recording server:
 * the wider search, a follow-up's rewrite of an answer the wider search found,
 * narration, a plan, error texts and the fallback analysis. No recorded request body holds a canary.
 */
class SendValuesFalseIT {

    private static final String DATABASE = "s22_sendvalues";
    /** Stored values the user never types and the model never writes. */
    private static final List<String> CANARIES = List.of("Quokkaberry Vault", "Zebulon Canarywick", "Ottoline Brackwater");

    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP TABLE IF EXISTS sv_people",
                "CREATE TABLE sv_people (id int PRIMARY KEY, category text, name text)",
                "INSERT INTO sv_people VALUES (1, 'Quokkaberry Vault', 'Zebulon Canarywick'), (2, 'Quokkaberry Vault', 'Ottoline Brackwater'),"
                        + " (3, 'Plain', 'Ann Smith')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static String bodies(FakeOpenAi llm) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < llm.requestCount(); i++) {
            b.append("--- request ").append(i).append('\n').append(llm.request(i)).append('\n');
        }
        return b.toString();
    }


    private static List<String> leaked(String sent) {
        return CANARIES.stream().filter(c -> sent.contains(c) || sent.contains(c.replace(" ", "\\u0020"))).toList();
    }

    @Test
    void noStoredValueReachesTheModelByAnyRoute() throws Exception {
        String typo = "quokaberry vault";
        try (FakeOpenAi llm = new FakeOpenAi(
                // the wider search finds the stored spelling
                answer("SELECT name FROM sv_people WHERE category = '" + typo + "' ORDER BY id"),
                // the follow-up's rewrite, then its SQL
                answer("who is in the quokaberry vault category with id 1?"),
                answer("SELECT name FROM sv_people WHERE id = 1"),
                // narration of a widened answer (a template under sendValues=false: no call)
                answer("SELECT name FROM sv_people WHERE category = '" + typo + "' ORDER BY id"),
                // a plan whose last step is widened
                answer(HostileCorpus.plan("SELECT name, category FROM sv_people", "SELECT name FROM step1 WHERE category = '" + typo + "'")),
                // errors whose texts quote the rows, then the fallback analysis
                answer("SELECT CAST(name AS int) FROM sv_people"), answer("SELECT CAST(category AS int) FROM sv_people"),
                answer("SELECT count(*) FROM sv_people"));
                Connection c = llm.connect(url, "nlsql.llm.sendValues=false", "nlsql.repairs=false", "nlsql.maxAttempts=4",
                        "ApplicationName=s22_sendvalues");
                Statement s = c.createStatement()) {
            NlStatement nl = s.unwrap(NlStatement.class);
            List<String> first = Rows.column(s.executeQuery("who is in the " + typo + " category?"));
            assertEquals(List.of("Zebulon Canarywick", "Ottoline Brackwater"), first, nl.lastTrace().attempts() + "\n" + bodies(llm));
            assertEquals(Attempt.Source.WIDER, nl.lastTrace().attempts().get(nl.lastTrace().attempts().size() - 1).source());
            assertEquals(1, llm.requestCount(), bodies(llm));

            assertEquals(List.of("Zebulon Canarywick"), Rows.column(s.executeQuery("and only the first one?")));
            assertEquals(3, llm.requestCount(), bodies(llm));
            assertTrue(llm.userMessage(1).contains("category = '…'"), "the rewrite is shown the SQL without its values: " + llm.userMessage(1));

            String narration = String.join(" ", Rows.column(s.executeQuery("NARRATE NL who is in the " + typo + " category?")));
            assertFalse(narration.isBlank());
            assertEquals(4, llm.requestCount(), "narration made no call of its own: " + bodies(llm));

            int before = llm.requestCount();
            assertEquals(List.of("Zebulon Canarywick", "Ottoline Brackwater"), Rows.column(s.executeQuery("list the people of category " + typo)));
            assertEquals(before + 1, llm.requestCount(), bodies(llm));

            List<String> counted;
            try (Connection spent = llm.connect(url, "nlsql.llm.sendValues=false", "nlsql.repairs=false", "nlsql.maxAttempts=2",
                    "ApplicationName=s22_sendvalues_fallback"); Statement f = spent.createStatement()) {
                counted = Rows.column(f.executeQuery("how many people are in the " + typo + " category as a number?"));
                nl = f.unwrap(NlStatement.class);
            }
            assertTrue(nl.lastTrace().attempts().stream().anyMatch(a -> a.source() == Attempt.Source.FALLBACK),
                    nl.lastTrace().attempts().toString());
            assertEquals(List.of("3"), counted);
            assertTrue(nl.lastTrace().attempts().stream().anyMatch(a -> a.error() != null && a.error().contains("Canarywick")),
                    "the database's error text quoted a stored value (kept in the trace): " + nl.lastTrace().attempts());
            String sent = bodies(llm);
            assertEquals(List.of(), leaked(sent), sent);
        }
    }
}
