package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** eval's {@code {db}}: replaced in the URL of every attached source too, and in no other property. */
class EvaluatorSourcesTest {

    @Test
    void dbTakesTheQuestionsDatabaseInEverySourceUrl() {
        Properties given = new Properties();
        given.setProperty("nlsql.source.accounts", "jdbc:postgresql://127.0.0.1:5432/{db}_accounts?user=app");
        given.setProperty("nlsql.source.hr", "jdbc:mariadb://127.0.0.1:3306/hr");
        given.setProperty("nlsql.knowledge", "/data/{db}.yaml"); // not a source: left as given
        Properties sakila = Evaluator.forDatabase(given, "sakila");
        assertEquals("jdbc:postgresql://127.0.0.1:5432/sakila_accounts?user=app", sakila.getProperty("nlsql.source.accounts"));
        assertEquals("jdbc:mariadb://127.0.0.1:3306/hr", sakila.getProperty("nlsql.source.hr"));
        assertEquals("/data/{db}.yaml", sakila.getProperty("nlsql.knowledge"));
        assertEquals(3, sakila.size());
        assertEquals("jdbc:postgresql://127.0.0.1:5432/{db}_accounts?user=app", given.getProperty("nlsql.source.accounts"), "the template stays");
    }
}
