package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The FunctionCall message (libpq's PQfn; its large-object calls use it) reaches PostgreSQL where SQL passes untouched,
 * and is refused, with nothing run, where nlsql guards SQL text: a call by OID would bypass the guard.
 */
class FunctionCallIT {

    private static final int INT4PL = 177; // int4pl(int4, int4), a built-in with a fixed OID
    private static final int LO_CREAT = 957; // lo_creat(int4): writes a large object

    private static PgServer proxy(String passthrough) throws IOException {
        return ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.passthrough", passthrough), 5);
    }

    /** 'F' int32 len, int32 oid, int16 1, int16 1 (binary), int16 n, n × (int32 4, int32 value), int16 1 (binary result). */
    private static byte[] functionCall(int oid, int... args) {
        ByteBuffer b = ByteBuffer.allocate(4 + 2 + 2 + 2 + args.length * 8 + 2);
        b.putInt(oid).putShort((short) 1).putShort((short) 1).putShort((short) args.length);
        for (int a : args) {
            b.putInt(4).putInt(a);
        }
        b.putShort((short) 1);
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.write('F');
        m.writeBytes(ByteBuffer.allocate(4).putInt(b.capacity() + 4).array());
        m.writeBytes(b.array());
        return m.toByteArray();
    }

    /** Sends a FunctionCall after startup; returns "V:<int result>" or "E:<SQLSTATE>", having read to ReadyForQuery. */
    private static String call(PgServer server, byte[] message) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(RobustnessIT.startupPacket());
            assertTrue(RobustnessIT.readUntilReadyOrError(s.getInputStream()).endsWith("Z"));
            s.getOutputStream().write(message);
            DataInputStream in = new DataInputStream(s.getInputStream());
            String answer = null;
            while (true) {
                char type = (char) in.readByte();
                byte[] body = new byte[in.readInt() - 4];
                in.readFully(body);
                if (type == 'V') {
                    answer = "V:" + ByteBuffer.wrap(body, 4, 4).getInt();
                } else if (type == 'E') {
                    answer = "E:" + field(body, 'C');
                } else if (type == 'Z') {
                    return answer;
                }
            }
        }
    }

    private static String field(byte[] body, char code) {
        int i = 0;
        while (i < body.length && body[i] != 0) {
            int end = i + 1;
            while (body[end] != 0) {
                end++;
            }
            if (body[i] == code) {
                return new String(body, i + 1, end - i - 1, StandardCharsets.UTF_8);
            }
            i = end + 1;
        }
        return null;
    }

    private static long largeObjects() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_largeobject_metadata")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aFunctionCallRunsOnPostgresWhereSqlPassesUntouched() throws Exception {
        try (PgServer server = proxy("allow")) {
            assertEquals("V:42", call(server, functionCall(INT4PL, 40, 2)));
            assertEquals("E:42883", call(server, functionCall(999_999_999, 1)), "PostgreSQL's own error for no such function");
        }
    }

    @Test
    void aFunctionCallIsRefusedWhereSqlTextIsGuarded() throws Exception {
        long before = largeObjects();
        for (String passthrough : new String[] {"readonly", "deny"}) {
            try (PgServer server = proxy(passthrough)) {
                assertEquals("E:0A000", call(server, functionCall(LO_CREAT, -1)), passthrough);
                assertEquals("E:0A000", call(server, functionCall(INT4PL, 40, 2)), passthrough);
            }
        }
        assertEquals(before, largeObjects(), "no large object was made");
    }
}
