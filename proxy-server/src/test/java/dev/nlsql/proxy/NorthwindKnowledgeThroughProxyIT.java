package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 24's points through the proxy as psql users meet them, offline on Northwind with its knowledge file: the
 * glossary's measure and filter answer, a word nothing explains is NL005 naming it, general knowledge is NL002, and a
 * verified question adapted to another value is answered by its SQL.
 */
class NorthwindKnowledgeThroughProxyIT {

    private static PgServer server;
    private static String database;

    @BeforeAll
    static void start() throws Exception {
        String url = Benchmarks.loadNorthwind();
        database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?') < 0 ? url.length() : url.indexOf('?'));
        ProxyMain main = new ProxyMain();
        new CommandLine(main).parseArgs("--backend", ClientsAsThemselves.url(TestPostgres.url()), "--port", "0", "--knowledge",
                Benchmarks.resourceFile("/northwind-knowledge.yaml").toString(), "-p", "nlsql.llm=offline", "-p", "nlsql.cache=false");
        server = new PgServer(main.config(), null).start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static ClientIdentityIT.Psql psql(String text) throws Exception {
        return ClientIdentityIT.psql(server.port(), "postgres", database, Map.of(), "-At", "-c", text);
    }

    @Test
    void theGlossaryAnswersAndAWordNothingExplainsIsNamed() throws Exception {
        ClientIdentityIT.Psql units = psql("units sold per category");
        assertEquals(0, units.status(), units.err());
        assertEquals(8, units.out().strip().lines().count(), units.out());
        assertTrue(units.err().contains("SUM(order_details.quantity)"), units.err());
        ClientIdentityIT.Psql stock = psql("how many products are out of stock");
        assertEquals(0, stock.status(), stock.err());
        assertEquals("5", stock.out().strip());
        assertTrue(stock.err().contains("products.units_in_stock = 0"), stock.err());
        ClientIdentityIT.Psql sold = psql("how many products were sold");
        assertNotEquals(0, sold.status());
        assertTrue(sold.err().contains("NL005") || sold.err().contains("'sold'"), sold.err());
        assertTrue(sold.err().contains("'sold'"), sold.err());
    }

    @Test
    void generalKnowledgeIsNotAboutTheDatabaseAndAVerifiedQuestionAdapts() throws Exception {
        ClientIdentityIT.Psql painted = psql("Who painted the Night Watch?");
        assertNotEquals(0, painted.status());
        assertTrue(painted.err().contains("not about this database"), painted.err());
        ClientIdentityIT.Psql brazil = psql("How many customers are there in Brazil?");
        assertEquals(0, brazil.status(), brazil.err());
        assertEquals(List.of("9"), brazil.out().strip().lines().toList());
        assertTrue(brazil.err().contains("adapted from the verified question \"How many customers are there in Mexico?\" (Mexico -> Brazil)"),
                brazil.err());
    }
}
