package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * README: {@code NlDataSource} takes {@code setUrl}, {@code setUser}, {@code setPassword}: the user and password reach
 * the real driver. The test server trusts every local login, so the password is checked on a scripted PostgreSQL
 * endpoint that asks for it in clear text, records it, and refuses a wrong one with 28P01 as PostgreSQL does.
 */
class DataSourceCredentialsIT {

    /** The test database's URL through nlsql, without its {@code user} parameter. */
    private static String nlUrlWithoutUser() {
        String stripped = TestPostgres.nlUrl().replaceAll("([?&])user=[^&]*&?", "$1");
        return stripped.endsWith("?") || stripped.endsWith("&") ? stripped.substring(0, stripped.length() - 1) : stripped;
    }

    @Test
    void theUserReachesTheRealDriver() throws Exception {
        String role = "clm_ds_" + Long.toHexString(System.nanoTime());
        try (Connection admin = TestPostgres.connect(); Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN PASSWORD 'right pw'");
        }
        try {
            NlDataSource ds = new NlDataSource();
            ds.setUrl(nlUrlWithoutUser());
            ds.setUser(role);
            ds.setPassword("right pw");
            ds.setProperty("nlsql.llm", "none");
            try (Connection c = ds.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_user")) {
                assertTrue(rs.next());
                assertEquals(role, rs.getString(1));
            }
        } finally {
            try (Connection admin = TestPostgres.connect(); Statement s = admin.createStatement()) {
                s.execute("DROP ROLE IF EXISTS " + role);
            }
        }
    }

    @Test
    void thePasswordReachesTheRealDriverAndAWrongOneFailsWith28P01() throws Exception {
        try (PasswordServer server = new PasswordServer("right pw")) {
            NlDataSource ds = new NlDataSource("jdbc:nlsql:postgresql://127.0.0.1:" + server.port() + "/test?sslmode=disable&connectTimeout=10");
            ds.setUser("clm_ds_pw");
            ds.setPassword("wrong pw");
            SQLException e = assertThrows(SQLException.class, () -> ds.getConnection().close());
            assertEquals("28P01", e.getSQLState(), e.getMessage());
            Map<String, String> seen = server.login.get(10, TimeUnit.SECONDS);
            assertEquals("clm_ds_pw", seen.get("user"));
            assertEquals("test", seen.get("database"));
            assertEquals("wrong pw", seen.get("password"), "the password set on the data source is the one sent");
        }
    }

    /** One login: SSL and GSS requests declined, the password asked for in clear text, then refused with 28P01. */
    private static final class PasswordServer implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        final CompletableFuture<Map<String, String>> login = new CompletableFuture<>();

        PasswordServer(String expected) throws IOException {
            Thread t = new Thread(() -> {
                try (Socket s = socket.accept()) {
                    s.setSoTimeout(10_000);
                    login.complete(serve(s, expected));
                } catch (Exception e) {
                    login.completeExceptionally(e);
                }
            }, "clm-password-server");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private static Map<String, String> serve(Socket s, String expected) throws IOException {
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            Map<String, String> seen = new HashMap<>();
            while (true) {
                int length = in.readInt();
                int code = in.readInt();
                byte[] rest = new byte[length - 8];
                in.readFully(rest);
                if (code == 80877103 || code == 80877104) { // SSLRequest, GSSENCRequest
                    out.write('N');
                    out.flush();
                    continue;
                }
                String[] parts = new String(rest, StandardCharsets.UTF_8).split("\0");
                for (int i = 0; i + 1 < parts.length; i += 2) {
                    seen.put(parts[i], parts[i + 1]);
                }
                break;
            }
            out.write('R'); // AuthenticationCleartextPassword
            out.writeInt(8);
            out.writeInt(3);
            out.flush();
            if (in.readByte() != 'p') {
                throw new IOException("expected a PasswordMessage");
            }
            byte[] body = new byte[in.readInt() - 4];
            in.readFully(body);
            String password = new String(body, 0, body.length - 1, StandardCharsets.UTF_8);
            seen.put("password", password);
            String code = password.equals(expected) ? "XX000" : "28P01"; // this server never lets anyone in
            String message = password.equals(expected) ? "scripted server: right password, no session"
                    : "password authentication failed for user \"" + seen.get("user") + "\"";
            byte[] fields = ("SFATAL\0VFATAL\0C" + code + "\0M" + message + "\0\0").getBytes(StandardCharsets.UTF_8);
            out.write('E');
            out.writeInt(4 + fields.length);
            out.write(fields);
            out.flush();
            return seen;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
