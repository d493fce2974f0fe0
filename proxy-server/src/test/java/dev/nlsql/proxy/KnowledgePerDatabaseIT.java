package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --knowledge FILE} and {@code --knowledge db=FILE} of a proxy run as users run it (its own process, psql and
 * pgjdbc as clients, two real databases): the file for every database serves the one it fits and is left out, with a
 * WARNING and a NOTICE, where it does not; a file named for a database must fit it, and the FATAL refusing the login
 * carries 22023.
 */
class KnowledgePerDatabaseIT {

    private static final String FIT = "h38p_knowledge_fit";
    private static final String OTHER = "h38p_knowledge_other";

    @TempDir
    Path dir;

    @BeforeAll
    static void databases() throws SQLException {
        TestPostgres.database(FIT, "DROP TABLE IF EXISTS kp_orders", "CREATE TABLE kp_orders (id int PRIMARY KEY, amount numeric(10,2))",
                "INSERT INTO kp_orders VALUES (1, 100), (2, 20)");
        TestPostgres.database(OTHER, "DROP TABLE IF EXISTS kp_people", "CREATE TABLE kp_people (id int PRIMARY KEY, name text)");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(FIT);
        TestPostgres.dropDatabase(OTHER);
    }

    private Path file() throws Exception {
        return Files.writeString(dir.resolve("orders.yaml"), """
                verified:
                  - question: total of the orders
                    sql: SELECT sum(amount) AS total FROM kp_orders
                    by: anna
                """, StandardCharsets.UTF_8);
    }

    private static String backend() {
        return ClientsAsThemselves.url(TestPostgres.url());
    }

    @Test
    void theFileForEveryDatabaseIsLeftOutWhereItDoesNotFit() throws Exception {
        Path file = file();
        try (ProxyCommandLineIT.Proxy proxy = ProxyCommandLineIT.start(List.of(), "--backend", backend(), "--knowledge", file.toString(),
                "-p", "nlsql.llm=offline")) {
            ClientIdentityIT.Psql fits = ClientIdentityIT.psql(proxy.port(), "postgres", FIT, Map.of(), "-At", "-c", "total of the orders");
            assertEquals(0, fits.status(), fits.err());
            assertEquals("120.00", fits.out().strip());
            assertTrue(fits.err().contains("verified question (by anna)"), fits.err());
            assertTrue(!fits.err().contains("not applied"), fits.err());
            for (int i = 0; i < 2; i++) {
                ClientIdentityIT.Psql other = ClientIdentityIT.psql(proxy.port(), "postgres", OTHER, Map.of(), "-At", "-c", "SELECT count(*) FROM kp_people");
                assertEquals(0, other.status(), "the client is let in: " + other.err());
                assertEquals("0", other.out().strip());
                assertTrue(other.err().contains("NOTICE:  the knowledge file orders.yaml is not applied to database " + OTHER), other.err());
                assertTrue(other.err().contains("relation \"kp_orders\" does not exist"), other.err());
                assertTrue(other.err().contains("--knowledge " + OTHER + "=FILE"), other.err());
            }
            // pgjdbc too: a client of the other database gets in, with the notice as a warning of the connection
            try (java.sql.Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + OTHER
                    + "?user=postgres&sslmode=disable")) {
                assertTrue(c.getWarnings() != null && c.getWarnings().getMessage().contains("is not applied to database " + OTHER),
                        String.valueOf(c.getWarnings()));
            }
            String log = proxy.output().toString();
            assertTrue(log.contains("WARN") && log.contains("is not applied to database " + OTHER), log);
            assertEquals(1, log.split("is not applied to database " + OTHER, -1).length - 1, "one WARNING per file version: " + log);
        }
    }

    @Test
    void aFileNamedForADatabaseMustFitIt() throws Exception {
        Path file = file();
        try (ProxyCommandLineIT.Proxy proxy = ProxyCommandLineIT.start(List.of(), "--backend", backend(), "--knowledge",
                FIT + "=" + file, "--knowledge", OTHER + "=" + file, "-p", "nlsql.llm=offline")) {
            ClientIdentityIT.Psql fits = ClientIdentityIT.psql(proxy.port(), "postgres", FIT, Map.of(), "-At", "-c", "total of the orders");
            assertEquals(0, fits.status(), fits.err());
            assertEquals("120.00", fits.out().strip());
            ClientIdentityIT.Psql refused = ClientIdentityIT.psql(proxy.port(), "postgres", OTHER, Map.of(), "-At", "-c", "SELECT 1");
            assertNotEquals(0, refused.status());
            assertTrue(refused.err().contains("FATAL:  the knowledge file " + file + " (--knowledge " + OTHER + "=FILE) does not check"
                    + " against database " + OTHER + ": verified question 1"), refused.err());
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port()
                    + "/" + OTHER + "?user=postgres&sslmode=disable"));
            assertEquals("22023", e.getSQLState(), e.getMessage());
            // on the wire: the FATAL's fields, C among them, as PostgreSQL sends them
            String fatal = loginError(proxy.port(), "postgres", OTHER);
            assertTrue(fatal.startsWith("SFATAL|VFATAL|C22023|Mthe knowledge file "), fatal);
            // a database no entry names gets no file at all
            ClientIdentityIT.Psql unnamed = ClientIdentityIT.psql(proxy.port(), "postgres", "postgres", Map.of(), "-At", "-c", "SELECT 1");
            assertEquals(0, unnamed.status(), unnamed.err());
            assertTrue(!unnamed.err().contains("knowledge"), unnamed.err());
        }
    }

    /** The ErrorResponse that ends a login, its fields joined by |. */
    private static String loginError(int port, String user, String database) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            s.setSoTimeout(30_000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream body = new DataOutputStream(b);
            body.writeInt(196608);
            for (String t : new String[] {"user", user, "database", database}) {
                body.write(t.getBytes(StandardCharsets.UTF_8));
                body.write(0);
            }
            body.write(0);
            out.writeInt(b.size() + 4);
            b.writeTo(out);
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            while (true) {
                char type = (char) in.readUnsignedByte();
                byte[] m = in.readNBytes(in.readInt() - 4);
                if (type == 'E') {
                    return new String(m, StandardCharsets.UTF_8).replace('\0', '|');
                }
            }
        }
    }
}
