package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Client encodings whose multibyte characters may end in 0x5c (backslash) or 0x27 (quote) through the proxy under
 * {@code nlsql.passthrough=readonly}, PostgreSQL the oracle: the same bytes are sent, in the same client encoding, to
 * PostgreSQL directly (in a read-only session, so a write shows as 25006 and never happens) and through the proxy. For
 * every encoding the proxy accepts, and probes whose last byte is 0x5c or 0x27 placed in plain and E'' strings, dollar
 * quotes, quoted names and comments: a statement PostgreSQL reads as a read gives the proxy's client the same bytes; one
 * PostgreSQL reads as a write is refused by the guard (NL003) and the table is unchanged, read while the proxy's session
 * is open; any other error of PostgreSQL's (22021 invalid bytes, 22P06 {@code \'} in a client-only encoding, 42601) is
 * the proxy's too.
 */
class MultibyteEncodingsThroughProxyIT {

    private static final String DATABASE = "i37ce_encodings";
    private static final String TARGET = "i37ce_target";
    /** A write PostgreSQL would run, were the session not read-only. */
    private static final String WRITE = "; INSERT INTO " + TARGET + " VALUES (1); --";

    /** Every client encoding the proxy accepts (ClientEncoding), by PostgreSQL's name. */
    private static final List<String> ACCEPTED = List.of("EUC_JP", "EUC_CN", "EUC_KR", "EUC_TW", "SJIS", "BIG5", "GBK", "UHC",
            "GB18030", "SHIFT_JIS_2004", "LATIN1", "LATIN2", "LATIN3", "LATIN4", "LATIN5", "LATIN7", "LATIN9", "LATIN10", "WIN1256",
            "WIN1258", "WIN866", "WIN874", "KOI8R", "WIN1251", "WIN1252", "ISO_8859_5", "ISO_8859_6", "ISO_8859_7", "ISO_8859_8",
            "WIN1250", "WIN1253", "WIN1254", "WIN1255", "WIN1257", "KOI8U", "SQL_ASCII", "UTF8");

    private static final java.util.Set<String> MULTIBYTE = java.util.Set.copyOf(ACCEPTED.subList(0, 10));

    private static PgServer proxy;
    private static Connection oracle;

    @BeforeAll
    static void start() throws Exception {
        TestPostgres.createDatabaseIfMissing(DATABASE);
        oracle = java.sql.DriverManager.getConnection(TestPostgres.urlOf(DATABASE));
        try (Statement s = oracle.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TARGET);
            s.execute("CREATE TABLE " + TARGET + " (id int)");
        }
        proxy = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.urlOf(DATABASE)), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of("nlsql.passthrough", "readonly", "nlsql.llm", "offline", "nlsql.cache", "false"), 8,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (oracle != null) {
            oracle.close();
        }
        TestPostgres.dropDatabase(DATABASE);
    }

    /** Byte sequences that end in 0x5c or 0x27 after a byte that may lead a multibyte character, and SHIFT_JIS_2004's two. */
    private static List<byte[]> probes() {
        List<byte[]> probes = new ArrayList<>();
        for (int lead : new int[] {0x81, 0x8e, 0x95, 0xa4, 0xf0}) {
            probes.add(new byte[] {(byte) lead, 0x5c});
            probes.add(new byte[] {(byte) lead, 0x27});
        }
        probes.add(new byte[] {(byte) 0x81, 0x5f}); // SHIFT_JIS_2004: PostgreSQL's backslash, Java's U+FF3C
        probes.add(new byte[] {(byte) 0x81, (byte) 0xb0}); // SHIFT_JIS_2004: PostgreSQL's tilde, Java's U+FF5E
        probes.add(new byte[] {(byte) 0x95, 0x5c, 0x5c}); // SJIS: a character, then one backslash
        return probes;
    }

    /** The statements a probe is placed in, as text with P where the probe goes. */
    private static final List<String> SHAPES = List.of(
            "SELECT 'P' AS v",
            "SELECT E'P' AS v",
            "SELECT E'Px41' AS v",
            "SELECT E'P'" + WRITE + "'",
            "SELECT E'P\\'" + WRITE + "'",
            "SELECT E'P\\\\'" + WRITE + "'",
            "SELECT 'P''" + WRITE + "'",
            "SELECT 'P'" + WRITE + "'",
            "SELECT $$P$$" + WRITE + "$$",
            "SELECT $q$P$q$" + WRITE,
            "SELECT 1 AS \"P\"" + WRITE + "\"",
            "SELECT 1 /* P */" + WRITE,
            "SELECT 1 -- P\n" + WRITE,
            "SELECT E'\\'" + WRITE + "'");

    private static byte[] statement(String shape, byte[] probe) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int p = shape.indexOf('P');
        if (p < 0) {
            return shape.getBytes(StandardCharsets.US_ASCII);
        }
        b.writeBytes(shape.substring(0, p).getBytes(StandardCharsets.US_ASCII));
        b.writeBytes(probe);
        b.writeBytes(shape.substring(p + 1).getBytes(StandardCharsets.US_ASCII));
        return b.toByteArray();
    }

    @Test
    void theProxyReadsWhatPostgresReadsInEveryAcceptedEncoding() throws Exception {
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        List<String> differences = new ArrayList<>();
        for (String encoding : ACCEPTED) {
            try (Wire direct = new Wire(5432, encoding, true); Wire proxied = new Wire(proxy.port(), encoding, false)) {
                for (byte[] probe : MULTIBYTE.contains(encoding) ? probes() : List.of(new byte[] {(byte) 0xe0, 0x5c}, new byte[] {(byte) 0xe0, 0x27})) {
                    for (String shape : SHAPES) {
                        byte[] sql = statement(shape, probe);
                        Wire.Answer expected = direct.query(sql);
                        Wire.Answer got = proxied.query(sql);
                        int rows = rows(); // while the proxy's session is open
                        String what = encoding + " " + HexFormat.of().formatHex(sql) + " (" + shape.replace("\n", "\\n") + ", probe "
                                + HexFormat.of().formatHex(probe) + "): PostgreSQL " + expected + ", proxy " + got;
                        assertEquals(0, rows, "written: " + what);
                        String outcome = outcome(expected.state);
                        outcomes.merge(outcome, 1, Integer::sum);
                        boolean same = switch (outcome) {
                            case "read" -> got.state == null && expected.values().equals(got.values());
                            case "write" -> "NL003".equals(got.state); // the guard's refusal
                            case "refused" -> got.state != null;
                            default -> outcome.equals(outcome(got.state));
                        };
                        if (!same) {
                            differences.add(what);
                        }
                    }
                }
            }
        }
        System.out.println("[i37ce] outcomes over " + ACCEPTED.size() + " encodings: " + outcomes);
        assertTrue(differences.isEmpty(), differences.size() + " differ:\n" + String.join("\n", differences.subList(0, Math.min(40, differences.size()))));
        assertTrue(outcomes.getOrDefault("write", 0) > 500 && outcomes.getOrDefault("bytes", 0) > 100
                && outcomes.getOrDefault("22P06", 0) > 50 && outcomes.getOrDefault("read", 0) > 300, "every kind of outcome seen: " + outcomes);
    }

    /**
     * SHIFT_JIS_2004's 0x815f is PostgreSQL's ASCII backslash: {@code E'<815f>\'} closes the string there (an escaped
     * backslash), so what follows is a second statement, a write, which the guard must read as PostgreSQL does and refuse.
     */
    @Test
    void shiftJis2004BackslashIsTheGuardsBackslash() throws Exception {
        byte[] sql = statement("SELECT E'P\\'" + WRITE + "'", new byte[] {(byte) 0x81, 0x5f});
        try (Wire direct = new Wire(5432, "SHIFT_JIS_2004", true); Wire proxied = new Wire(proxy.port(), "SHIFT_JIS_2004", false)) {
            assertEquals("25006", direct.query(sql).state, "PostgreSQL reads a write");
            Wire.Answer got = proxied.query(sql);
            assertEquals(0, rows(), "written");
            assertEquals("NL003", got.state, "the guard reads the write: " + got);
            Wire.Answer escaped = proxied.query(statement("SELECT E'Px41' AS v", new byte[] {(byte) 0x81, 0x5f}));
            assertEquals("[41]", escaped.values().toString(), "\\x41 is A, as PostgreSQL reads it: " + escaped);
        }
    }

    /** PostgreSQL's scanner refuses {@code \'} from a client-only encoding (backslash_quote = safe_encoding): 22P06, nothing runs. */
    @Test
    void backslashQuoteIsRefusedInClientOnlyEncodingsAsPostgresRefusesIt() throws Exception {
        for (String encoding : List.of("SJIS", "BIG5", "GBK", "UHC", "GB18030", "SHIFT_JIS_2004")) {
            byte[] sql = ("SELECT E'a\\'b'; SELECT 1" + WRITE).getBytes(StandardCharsets.US_ASCII);
            try (Wire direct = new Wire(5432, encoding, true); Wire proxied = new Wire(proxy.port(), encoding, false)) {
                assertEquals("22P06", direct.query(sql).state, encoding);
                assertEquals("22P06", proxied.query(sql).state, encoding);
                assertEquals("22P06", proxied.parse("SELECT E'a\\'b'".getBytes(StandardCharsets.US_ASCII)).state, encoding + " Parse");
                assertEquals("[612762]", proxied.query("SELECT 'a''b' AS v".getBytes(StandardCharsets.US_ASCII)).values().toString(),
                        encoding + ": '' is a quote");
            }
        }
    }

    /**
     * PostgreSQL's conversion tables against the proxy's reading, for every one- and two-byte sequence of each multibyte
     * encoding: wherever either reads an ASCII character (a quote, a backslash...), both read the bytes, and read the same
     * ASCII characters. Non-ASCII characters may differ (docs/design-notes.md, issue 37): they cannot change a statement.
     */
    @Test
    void everyTwoByteSequenceGivesTheAsciiPostgresGives() throws Exception {
        try (Statement s = oracle.createStatement()) {
            s.execute("""
                    CREATE FUNCTION pg_temp.i37ce_read(enc text) RETURNS TABLE(seq bytea, utf8 bytea) LANGUAGE plpgsql AS $f$
                    DECLARE l int; t int; b bytea;
                    BEGIN
                      FOR l IN 128..255 LOOP FOR t IN 0..255 LOOP
                        b := CASE WHEN t = 0 THEN set_byte('\\x00'::bytea, 0, l) ELSE set_byte(set_byte('\\x0000'::bytea, 0, l), 1, t) END;
                        seq := b; utf8 := NULL;
                        BEGIN utf8 := convert_to(convert_from(b, enc), 'UTF8'); EXCEPTION WHEN OTHERS THEN NULL; END;
                        RETURN NEXT;
                      END LOOP; END LOOP;
                    END $f$""");
            int compared = 0;
            List<String> differences = new ArrayList<>();
            for (String name : MULTIBYTE) {
                ClientEncoding encoding = ClientEncoding.named(name);
                try (ResultSet rs = s.executeQuery("SELECT seq, utf8 FROM pg_temp.i37ce_read('" + name + "')")) {
                    while (rs.next()) {
                        byte[] seq = rs.getBytes(1);
                        byte[] utf8 = rs.getBytes(2);
                        String postgres = utf8 == null ? null : new String(utf8, StandardCharsets.UTF_8);
                        String proxied;
                        try {
                            proxied = encoding.decode(seq, 0, seq.length);
                        } catch (java.sql.SQLException e) {
                            proxied = null;
                        }
                        compared++;
                        if ((hasAscii(postgres) || hasAscii(proxied)) && (postgres == null || proxied == null || !ascii(postgres).equals(ascii(proxied)))) {
                            differences.add(name + " " + HexFormat.of().formatHex(seq) + ": PostgreSQL " + postgres + ", proxy " + proxied);
                        }
                    }
                }
            }
            assertEquals(MULTIBYTE.size() * 128 * 256, compared);
            assertEquals(List.of(), differences);
        }
    }

    private static boolean hasAscii(String s) {
        return s != null && s.chars().anyMatch(c -> c < 0x80);
    }

    private static String ascii(String s) {
        return s.chars().filter(c -> c < 0x80).collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    /** JOHAB: Java's charset reads 8880 two-byte sequences PostgreSQL refuses (89 ending in 0x5c): refused with 0A000. */
    @Test
    void johabIsRefused() throws Exception {
        try (Wire proxied = new Wire(proxy.port(), "UTF8", false)) {
            assertEquals("0A000", proxied.query("SET client_encoding TO 'JOHAB'".getBytes(StandardCharsets.US_ASCII)).state);
        }
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> new Wire(proxy.port(), "JOHAB", false).close());
        assertEquals("login refused: 0A000", e.getMessage(), e::toString);
    }

    /**
     * What PostgreSQL's answer says it did with a statement: read (its values compared), write (25006 in a read-only
     * session; the proxy must answer the guard's NL003), bytes it cannot read (22021 invalid, 22P05 no UTF-8: either, since Java's
     * charsets and PostgreSQL class some user-defined bytes differently), 22P06, or refused otherwise (a syntax error,
     * the proxy may answer with any error, the guard's included): in each, nothing ran.
     */
    private static String outcome(String state) {
        if (state == null) {
            return "read";
        }
        return switch (state) {
            case "25006" -> "write";
            case "22021", "22P05" -> "bytes";
            case "22P06" -> state;
            default -> "refused";
        };
    }

    private static int rows() throws Exception {
        try (Statement s = oracle.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM " + TARGET)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** A session that sends bytes as they are, in a client encoding set at login, and reads the SQLSTATE and first values. */
    private static final class Wire implements AutoCloseable {
        private final Socket socket = new Socket();
        private final DataOutputStream out;
        private final DataInputStream in;

        record Answer(String state, List<String> values) {
            @Override
            public String toString() {
                return state == null ? "rows " + values : state;
            }
        }

        Wire(int port, String encoding, boolean readOnly) throws IOException {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            socket.setSoTimeout(20_000);
            out = new DataOutputStream(socket.getOutputStream());
            in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream body = new DataOutputStream(b);
            body.writeInt(196608);
            for (String s : readOnly ? List.of("user", "postgres", "database", DATABASE, "client_encoding", encoding,
                    "default_transaction_read_only", "on") : List.of("user", "postgres", "database", DATABASE, "client_encoding", encoding)) {
                body.write(s.getBytes(StandardCharsets.US_ASCII));
                body.write(0);
            }
            body.write(0);
            out.writeInt(b.size() + 4);
            b.writeTo(out);
            out.flush();
            Answer login = read();
            if (login.state != null) {
                socket.close();
                throw new IOException("login refused: " + login.state);
            }
        }

        /** A simple Query of these bytes. */
        Answer query(byte[] sql) throws IOException {
            send('Q', cstring(sql));
            return read();
        }

        /** Parse of these bytes, then Sync. */
        Answer parse(byte[] sql) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(0); // the unnamed statement
            b.writeBytes(cstring(sql));
            b.write(0);
            b.write(0); // no parameter types
            send('P', b.toByteArray());
            send('S', new byte[0]);
            return read();
        }

        private static byte[] cstring(byte[] s) {
            byte[] c = java.util.Arrays.copyOf(s, s.length + 1);
            return c;
        }

        private void send(char type, byte[] body) throws IOException {
            out.write(type);
            out.writeInt(body.length + 4);
            out.write(body);
            out.flush();
        }

        /** Up to ReadyForQuery: the first error's SQLSTATE, and the first value of each row in hex. */
        private Answer read() throws IOException {
            String state = null;
            List<String> values = new ArrayList<>();
            while (true) {
                char type;
                byte[] body;
                try {
                    type = (char) in.readUnsignedByte();
                    body = in.readNBytes(in.readInt() - 4);
                } catch (java.io.EOFException e) { // a login refused: the server closed after its error
                    return new Answer(state == null ? "EOF" : state, values);
                }
                if (type == 'E' && state == null) {
                    for (int i = 0; i < body.length && body[i] != 0; ) {
                        int end = i + 1;
                        while (body[end] != 0) {
                            end++;
                        }
                        if (body[i] == 'C') {
                            state = new String(body, i + 1, end - i - 1, StandardCharsets.US_ASCII);
                        }
                        i = end + 1;
                    }
                } else if (type == 'D') {
                    int length = ((body[2] & 0xff) << 24) | ((body[3] & 0xff) << 16) | ((body[4] & 0xff) << 8) | (body[5] & 0xff);
                    values.add(length < 0 ? "null" : HexFormat.of().formatHex(body, 6, 6 + length));
                } else if (type == 'Z') {
                    return new Answer(state, values);
                }
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
