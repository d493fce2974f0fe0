package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The knowledge file through the proxy ({@code --knowledge FILE}), as psql users meet it: a verified question answered
 * by its SQL with no model call (the NOTICE says so), an adapted one, and a broken file refusing the login with 22023.
 */
class KnowledgeThroughProxyIT {

    private static final String DB = "nlsql_e2e_proxy_knowledge";

    @TempDir
    Path dir;

    @BeforeAll
    static void database() throws SQLException {
        TestPostgres.database(DB, "DROP TABLE IF EXISTS pk_orders",
                "CREATE TABLE pk_orders (id int PRIMARY KEY, placed_on date, amount numeric(10,2))",
                "INSERT INTO pk_orders VALUES (1, '2023-03-01', 100), (2, '2024-05-01', 50), (3, '2024-07-01', 70)");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DB);
    }

    private static PgServer proxy(FakeOpenAi llm, Path knowledge) throws Exception {
        return proxy(llm, knowledge.toString());
    }

    /** A proxy with {@code --knowledge knowledge} ({@code FILE} or {@code db=FILE}). */
    private static PgServer proxy(FakeOpenAi llm, String knowledge) throws Exception {
        List<String> args = new ArrayList<>(List.of("--backend", ClientsAsThemselves.url(TestPostgres.url()), "--port", "0",
                "--knowledge", knowledge, "-p", "nlsql.llm=openai", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(),
                "-p", "nlsql.llm.apiKey=test-key", "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false"));
        ProxyMain main = new ProxyMain();
        new CommandLine(main).parseArgs(args.toArray(String[]::new));
        return new PgServer(main.config(), null).start();
    }

    @Test
    void psqlGetsTheVerifiedAnswerWithNoModelCall() throws Exception {
        Path file = dir.resolve("k.yaml");
        Files.writeString(file, """
                verified:
                  - question: revenue in 2024
                    sql: SELECT sum(amount) AS revenue FROM pk_orders WHERE placed_on >= DATE '2024-01-01' AND placed_on < DATE '2025-01-01'
                    by: anna
                """, StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi(); PgServer server = proxy(llm, file)) {
            ClientIdentityIT.Psql asked = ClientIdentityIT.psql(server.port(), "postgres", DB, Map.of(), "-At", "-c", "Revenue in 2024?");
            assertEquals(0, asked.status(), asked.err());
            assertEquals("120.00", asked.out().strip());
            assertTrue(asked.err().contains("NOTICE:  nlsql answered by: ") && asked.err().contains("verified question (by anna)"), asked.err());
            ClientIdentityIT.Psql adapted = ClientIdentityIT.psql(server.port(), "postgres", DB, Map.of(), "-At", "-c", "revenue in 2023");
            assertEquals(0, adapted.status(), adapted.err());
            assertEquals("100.00", adapted.out().strip());
            assertTrue(adapted.err().contains("adapted from the verified question \"revenue in 2024\" (2024 -> 2023)"), adapted.err());
            assertEquals(0, llm.requestCount());
        }
    }

    @Test
    void aBrokenFileRefusesTheLoginNamingTheEntry() throws Exception {
        Path file = dir.resolve("broken.yaml");
        Files.writeString(file, "verified:\n  - question: x\n    sql: SELECT nope FROM pk_orders\n", StandardCharsets.UTF_8);
        // named for its database (--knowledge db=FILE), the file must check against it: the login is refused
        try (FakeOpenAi llm = new FakeOpenAi(); PgServer server = proxy(llm, DB + "=" + file)) {
            ClientIdentityIT.Psql asked = ClientIdentityIT.psql(server.port(), "postgres", DB, Map.of(), "-At", "-c", "SELECT 1");
            assertNotEquals(0, asked.status());
            assertTrue(asked.err().contains("verified question 1 (\"x\")") && asked.err().contains("nope"), asked.err());
        }
    }

    @Test
    void aMissingFileIsABadInvocation() {
        ProxyMain main = new ProxyMain();
        new CommandLine(main).parseArgs("--backend", "jdbc:postgresql://127.0.0.1:5432/test", "--knowledge", dir.resolve("none.yaml").toString());
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class, main::config);
        assertTrue(e.getMessage().contains("cannot be read"), e.getMessage());
    }
}
