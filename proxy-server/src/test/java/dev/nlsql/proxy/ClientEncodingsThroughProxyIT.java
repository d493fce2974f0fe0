package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client encodings other than UTF-8 through the proxy, with psql and psycopg2, PostgreSQL itself the oracle: set at login
 * (PGCLIENTENCODING, psycopg2's client_encoding) or later (SET client_encoding, psql's \encoding, psycopg2's
 * set_client_encoding), PostgreSQL's aliases (KOI8, UNICODE, euc_jp), relayed SQL, COPY and answered questions (the offline
 * model), and a character the encoding cannot represent: PostgreSQL's 22P05, and the session goes on.
 */
class ClientEncodingsThroughProxyIT {

    private static final Path CLIENTS = Path.of("src/test/clients").toAbsolutePath();
    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS enc_words, enc_copy");
            s.execute("CREATE TABLE enc_words (id int PRIMARY KEY, word text)");
            s.execute("INSERT INTO enc_words VALUES (1, 'café'), (2, 'привет'), (3, '日本語'), (4, '€uro')");
            s.execute("CREATE TABLE enc_copy (id int, word text)");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 20);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        TestPostgres.dropTables("enc_words", "enc_copy");
    }

    /** What a command printed, as bytes: psql writes in the client's encoding. */
    private static byte[] run(Path dir, Map<String, String> env, List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished: " + command);
        return out;
    }

    private static byte[] psql(Path dir, int port, String encoding, String script) throws Exception {
        return run(dir, Map.of("PGCLIENTENCODING", encoding), List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U",
                "postgres", "-d", "test", "-f", script));
    }

    /** The same psql script, directly and through the proxy, prints the same bytes: in every encoding it switches to. */
    @Test
    void psqlPrintsWhatPostgresPrintsInEveryEncoding(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("enc.sql"), String.join("\n",
                "SHOW client_encoding;",
                "SELECT word FROM enc_words WHERE id = 1;",
                "SELECT word FROM enc_words ORDER BY id;", // привет: LATIN1 lacks it
                "SELECT count(*) AS after_error FROM enc_words;",
                "BEGIN;", // the error fails the transaction: the INSERT is rolled back at COMMIT
                "INSERT INTO enc_copy VALUES (9, 'kept?');",
                "SELECT word FROM enc_words WHERE id = 2;",
                "SELECT 1 AS aborted;",
                "COMMIT;",
                "SELECT count(*) AS kept FROM enc_copy WHERE id = 9;",
                "\\encoding KOI8",
                "SHOW client_encoding;",
                "SELECT word FROM enc_words WHERE id = 2;",
                "SELECT word FROM enc_words WHERE id = 1;", // é: KOI8R lacks it
                "SET client_encoding TO 'UNICODE';",
                "SHOW client_encoding;",
                "SET NAMES 'euc_jp';",
                "SELECT word FROM enc_words WHERE id = 3;",
                "SELECT word FROM enc_words WHERE id = 4;", // €: EUC_JP lacks it
                "\\encoding WIN1252",
                "SELECT word FROM enc_words WHERE id = 4;",
                "SELECT word FROM enc_words WHERE id = 2;", // привет: WIN1252 lacks it
                "SET client_encoding TO 'nope';",
                "SET client_encoding TO 'MULE_INTERNAL';",
                "BEGIN;",
                "SELECT 1/0;",
                "SET client_encoding TO 'LATIN1';",
                "ROLLBACK;",
                "RESET client_encoding;",
                "SHOW client_encoding;",
                "\\encoding KOI8",
                "DISCARD ALL;", // back to the login encoding
                "SHOW client_encoding;",
                "SELECT word FROM enc_words WHERE id = 1;",
                ""));
        byte[] direct = psql(dir, 5432, "LATIN1", "enc.sql");
        byte[] proxied = psql(dir, server.port(), "LATIN1", "enc.sql");
        String text = new String(direct, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains(" caf\u00e9\n"), text); // LATIN1's é, one byte
        assertTrue(text.contains("has no equivalent in encoding \"LATIN1\""), text);
        assertTrue(text.contains(" KOI8R\n") && text.contains(" UNICODE\n"), text);
        for (String lacking : List.of("KOI8R", "EUC_JP", "WIN1252")) {
            assertTrue(text.contains("has no equivalent in encoding \"" + lacking + "\""), text);
        }
        assertTrue(text.contains("current transaction is aborted") && text.contains("ROLLBACK"), text);
        assertEquals(text, new String(proxied, StandardCharsets.ISO_8859_1));
        assertArrayEquals(direct, proxied);
    }

    /** A setting of the encoding among other statements is refused (the proxy answers it alone), and the session goes on. */
    @Test
    void encodingSetAmongOtherStatementsIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("multi.sql"), "SET client_encoding TO 'KOI8'\\; SELECT 1 AS one;\nSHOW client_encoding;\n");
        String out = new String(psql(dir, server.port(), "LATIN1", "multi.sql"), StandardCharsets.ISO_8859_1);
        assertTrue(out.contains("ERROR:  nlsql's proxy sets client_encoding only in a query of its own"), out);
        assertTrue(out.contains(" LATIN1\n"), out);
    }

    /** COPY's text rows in the client's encoding, both ways: the rows the database holds are those a direct COPY makes. */
    @Test
    void psqlCopyConvertsTextRowsBothWays(@TempDir Path dir) throws Exception {
        Charset koi8 = Charset.forName("KOI8-R");
        Files.write(dir.resolve("in.txt"), "1\tпривет\n2\tмир\n".getBytes(koi8));
        for (int port : new int[] {5432, server.port()}) {
            Files.writeString(dir.resolve("copy.sql"), "TRUNCATE enc_copy;\n\\copy enc_copy from 'in.txt'\n"
                    + "\\copy (SELECT word FROM enc_words WHERE id = 2) to 'out_" + port + ".txt'\n"
                    + "SELECT string_agg(word, ',' ORDER BY id) FROM enc_copy;\n");
            String out = new String(psql(dir, port, "KOI8", "copy.sql"), koi8);
            assertTrue(out.contains("COPY 2") && out.contains("привет,мир"), out);
        }
        assertArrayEquals("привет\n".getBytes(koi8), Files.readAllBytes(dir.resolve("out_" + server.port() + ".txt")));
        assertArrayEquals(Files.readAllBytes(dir.resolve("out_5432.txt")), Files.readAllBytes(dir.resolve("out_" + server.port() + ".txt")));
    }

    /** COPY data with bytes invalid in EUC_JP: PostgreSQL's 22021 with its context (the line), nothing copied, the session goes on. */
    @Test
    void psqlCopyOfInvalidBytesFailsAsOnPostgres(@TempDir Path dir) throws Exception {
        byte[] rows = "1\tok\n2\tfine\n3\tx\u00a4'\n".getBytes(StandardCharsets.ISO_8859_1); // 0xa4 0x27: no EUC_JP character
        Files.write(dir.resolve("bad.txt"), rows);
        Files.writeString(dir.resolve("bad.sql"), "TRUNCATE enc_copy;\n\\copy enc_copy from 'bad.txt'\nSELECT count(*) AS copied FROM enc_copy;\n");
        byte[] direct = psql(dir, 5432, "EUC_JP", "bad.sql");
        String text = new String(direct, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("ERROR:  invalid byte sequence for encoding \"EUC_JP\": 0xa4 0x27") && text.contains("line 3"), text);
        assertEquals(text, new String(psql(dir, server.port(), "EUC_JP", "bad.sql"), StandardCharsets.ISO_8859_1));
    }

    /**
     * Answered questions in LATIN1, WIN1252, KOI8 and EUC_JP: a count, and a list with a word the encoding lacks
     * (PostgreSQL's 22P05 naming the encoding), after which the session goes on.
     */
    @Test
    void psqlQuestionAnswersInTheClientEncoding(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("q.sql"), "how many enc words are there?;\nshow all enc words;\nSELECT 'still here' AS session;\n"
                + "BEGIN;\nshow all enc words;\nSELECT 1 AS aborted;\nROLLBACK;\n");
        for (String encoding : List.of("LATIN1", "WIN1252", "KOI8", "EUC_JP")) {
            String out = new String(psql(dir, server.port(), encoding, "q.sql"), StandardCharsets.ISO_8859_1);
            assertTrue(out.contains("nlsql answered by") && out.contains("     4\n"), encoding + ": " + out);
            assertTrue(out.contains("ERROR:  character with byte sequence 0x"), encoding + ": " + out);
            assertTrue(out.contains("in encoding \"UTF8\" has no equivalent in encoding \"" + (encoding.equals("KOI8") ? "KOI8R" : encoding) + "\""),
                    encoding + ": " + out);
            assertTrue(out.contains("still here"), encoding + ": " + out);
            assertTrue(out.contains("ERROR:  current transaction is aborted"), encoding + ": " + out); // as after any error
        }
    }

    private static String python() {
        return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    }

    /** psycopg2 at login in LATIN1, then set_client_encoding to WIN1252, KOI8, EUC_JP and UNICODE: the same as directly. */
    @Test
    void psycopg2SeesWhatPostgresSends(@TempDir Path dir) throws Exception {
        List<String> direct = List.of(python(), "psycopg2_encodings.py", "5432");
        List<String> proxied = List.of(python(), "psycopg2_encodings.py", String.valueOf(server.port()));
        String expected = new String(run(CLIENTS, Map.of(), direct), StandardCharsets.UTF_8);
        assertTrue(expected.contains("psycopg2 encodings ok"), expected);
        assertTrue(expected.contains("KOI8 set KOI8 KOI8R") && expected.contains("latin1 untranslatable error 22P05"), expected);
        assertEquals(expected, new String(run(CLIENTS, Map.of(), proxied), StandardCharsets.UTF_8));
    }

    /** Questions in each encoding through psycopg2: a count in every one, rows where the encoding has their characters. */
    @Test
    void psycopg2QuestionsInEveryEncoding() throws Exception {
        String out = new String(run(CLIENTS, Map.of(), List.of(python(), "psycopg2_encodings.py", String.valueOf(server.port()), "questions")),
                StandardCharsets.UTF_8);
        assertTrue(out.contains("psycopg2 encodings ok"), out);
        assertTrue(out.contains("latin1 question ok [(4,)]"), out);
        assertTrue(out.contains("latin1 question untranslatable error 22P05 character with byte sequence 0xd0 0xbf in encoding \"UTF8\" "
                + "has no equivalent in encoding \"LATIN1\""), out);
        assertTrue(out.contains("latin1 after question ok [(42,)]"), out);
        for (String encoding : List.of("WIN1252", "KOI8", "EUC_JP")) {
            assertTrue(out.contains(encoding + " question error 22P05"), out);
            assertTrue(out.contains(encoding + " question count ok [(4,)]"), out);
        }
        assertTrue(out.contains("UNICODE question ok [(1, 'café'), (2, 'привет'), (3, '日本語'), (4, '€uro')]"), out);
    }

    /**
     * SET client_encoding in the extended protocol (pgjdbc with allowEncodingChanges, every statement extended): the
     * setting, the converted row, the 22P05 and the session after it are PostgreSQL's.
     */
    @Test
    void extendedProtocolSetClientEncodingAsOnPostgres() throws Exception {
        assertEquals(extendedTranscript(5432), extendedTranscript(server.port()));
        assertEquals(List.of("LATIN1", "café", "22P05 character with byte sequence 0xd0 0xbf in encoding \"UTF8\" has no equivalent in "
                + "encoding \"LATIN1\"", "4"), extendedTranscript(server.port()));
    }

    private static List<String> extendedTranscript(int port) throws Exception {
        List<String> seen = new java.util.ArrayList<>();
        try (Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
                + "/test?user=postgres&allowEncodingChanges=true&preferQueryMode=extended"); Statement s = c.createStatement()) {
            s.execute("SET client_encoding TO 'latin1'");
            seen.add(c.unwrap(org.postgresql.PGConnection.class).getParameterStatus("client_encoding"));
            try (java.sql.ResultSet rs = s.executeQuery("SELECT word FROM enc_words WHERE id = 1")) {
                rs.next();
                seen.add(rs.getString(1));
            }
            java.sql.SQLException e = assertThrows(java.sql.SQLException.class, () -> s.executeQuery("SELECT word FROM enc_words WHERE id = 2"));
            seen.add(e.getSQLState() + " " + ((org.postgresql.util.PSQLException) e).getServerErrorMessage().getMessage());
            try (java.sql.ResultSet rs = s.executeQuery("SELECT count(*) FROM enc_words")) {
                rs.next();
                seen.add(rs.getString(1));
            }
        }
        return seen;
    }

    /** PostgreSQL's names and aliases, the names it reports, and its refusals. */
    @Test
    void encodingNamesAreThoseOfPostgres() throws Exception {
        Map<String, String> reported = Map.of("latin1", "LATIN1", "ISO-8859-1", "LATIN1", "koi8", "KOI8R", "Win", "WIN1251", "unicode", "UTF8",
                "UNICODE", "UNICODE", "euc-jp", "EUC_JP", "windows932", "SJIS", "ALT", "WIN866", "vscii", "WIN1258");
        for (Map.Entry<String, String> e : reported.entrySet()) {
            assertEquals(e.getValue(), ClientEncoding.named(e.getKey()).name, e.getKey());
        }
        assertEquals("22023", assertThrows(ClientEncoding.Refused.class, () -> ClientEncoding.named("nope")).getSQLState());
        ClientEncoding.Refused mule = assertThrows(ClientEncoding.Refused.class, () -> ClientEncoding.named("MULE_INTERNAL"));
        assertEquals("0A000", mule.getSQLState());
        assertEquals("Conversion between MULE_INTERNAL and UTF8 is not supported.", mule.detail);
    }
}
