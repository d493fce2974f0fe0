package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.FrontendType;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * A client from its first byte to authenticated: startup negotiation (SSLRequest, GSSENCRequest, CancelRequest,
 * protocol version, startup parameters), the proxy's own authentication (trust, password, md5, SCRAM-SHA-256),
 * and the client's password when the database asks for it. Messages before authentication are bounded by
 * {@link ProxyConfig#PRE_AUTH_MAX_MESSAGE_BYTES}.
 */
final class ClientLogin {

    private static final int SSL_REQUEST = 80877103;
    private static final int GSSENC_REQUEST = 80877104;
    private static final int CANCEL_REQUEST = 80877102;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Server server;
    private ClientConnection client;
    private PgInput in;
    private Messages out;

    /** What a login asks of the server (the server implements it; a login never names the server). */
    interface Server {
        ProxyConfig config();

        /** The proxy's TLS, or null without it. */
        SSLContext tls();

        /** Whether a client at this address connects from this machine. */
        boolean isLocalClient(InetAddress address);

        /** Passes a CancelRequest to the session that told its client this process id, if any. */
        void cancel(int processId, int secret);
    }

    ClientLogin(Server server, ClientConnection client) throws IOException {
        this.server = server;
        this.client = client;
        this.in = new PgInput(new PgInput.Buffered(client.input(), 65_536), ProxyConfig.PRE_AUTH_MAX_MESSAGE_BYTES);
        this.out = new Messages(client.output());
    }

    /** The client's connection: TLS once the client asked for it and the proxy has a certificate. */
    ClientConnection client() {
        return client;
    }

    PgInput in() {
        return in;
    }

    Messages out() {
        return out;
    }

    /** The password the client gave the proxy under --auth password, else null. */
    String clientPassword() {
        return clientPassword;
    }

    /** Why the proxy refused to relay a password the database asked for, or null. */
    PasswordRefusal passwordRefusal() {
        return passwordRefusal;
    }

    private void fatal(String state, String message) throws IOException {
        out.errorResponse("FATAL", state, message, null, null);
        out.flush();
    }

    /** Reads startup packets until a real one arrives; null when the connection was a cancel request. */
    Map<String, String> startup() throws IOException {
        try {
            return negotiate();
        } catch (PgInput.ProtocolViolation e) {
            fatal(PgState.PROTOCOL_VIOLATION.code(), PgState.PROTOCOL_VIOLATION.message(e.getMessage())); // over TLS if it began
            return null;
        }
    }

    private Map<String, String> negotiate() throws IOException {
        while (true) {
            ByteBuffer b = in.readStartup();
            if (b == null) {
                return null; // closed, or Terminate, before any startup packet: PostgreSQL closes without a word too
            }
            int code = PgInput.int32(b);
            if (code == SSL_REQUEST) {
                if (server.tls() != null && !client.encrypted()) {
                    out.single('S');
                    out.flush();
                    client = client.startTls(server.tls());
                    in = new PgInput(new java.io.BufferedInputStream(client.input(), 65_536), ProxyConfig.PRE_AUTH_MAX_MESSAGE_BYTES);
                    out = new Messages(client.output());
                } else {
                    out.single('N');
                    out.flush();
                }
                continue;
            }
            if (code == GSSENC_REQUEST) {
                out.single('N');
                out.flush();
                continue;
            }
            if (code == CANCEL_REQUEST) {
                server.cancel(PgInput.int32(b), PgInput.int32(b));
                return null;
            }
            int major = code >>> 16;
            int minor = code & 0xFFFF;
            if (major != 3) {
                fatal(PgState.FEATURE_NOT_SUPPORTED.code(), "unsupported frontend protocol " + major + "." + minor + ": nlsql speaks 3.0");
                return null;
            }
            Map<String, String> params = new LinkedHashMap<>();
            List<String> unrecognized = new ArrayList<>();
            while (b.hasRemaining()) {
                String key = PgInput.cstring(b);
                if (key.isEmpty()) {
                    break;
                }
                String value = PgInput.cstring(b);
                if (key.startsWith("_pq_.")) {
                    unrecognized.add(key);
                } else {
                    params.put(key, value);
                }
            }
            if (minor > 0 || !unrecognized.isEmpty()) {
                out.negotiateProtocolVersion(3 << 16, unrecognized); // 3.0
            }
            return params;
        }
    }

    /** Why the proxy would not relay a password the backend asked for; the login then fails with it. */
    static final class PasswordRefusal extends org.postgresql.util.PSQLException {
        final String hint;

        PasswordRefusal(String message, String hint) {
            super(message, org.postgresql.util.PSQLState.INVALID_AUTHORIZATION_SPECIFICATION);
            this.hint = hint;
        }
    }

    private PasswordRefusal passwordRefusal;
    /** The database asked for this client's password and got it: it authenticated the client itself. */
    private boolean databaseAskedPassword;
    /** The password the client gave the proxy under --auth password: relayed if the backend asks for one too. */
    private String clientPassword;
    /**
     * The password the client gave when the database asked for it under --auth trust, kept until the login ends: the
     * backend and every source (nlsql.source.<name>) opened with it may ask, and the client is asked only once.
     */
    private char[] relayedPassword;

    /**
     * The server asks for the password of the client logging in as itself: under --auth trust the proxy asks the
     * client, as the server would, but only over TLS or from this machine, since the password crosses in clear text.
     */
    char[] backendAsksPassword() throws org.postgresql.util.PSQLException {
        ProxyConfig.Auth auth = server.config().auth();
        if (clientPassword != null) {
            databaseAskedPassword = true;
            return clientPassword.toCharArray();
        }
        if (auth != ProxyConfig.Auth.TRUST) {
            throw passwordRefusal = new PasswordRefusal("the database asks for a password, which nlsql's proxy cannot relay under --auth "
                    + auth.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                    "Use --auth trust (the database checks the password) or --auth password, or a shared account in --backend.");
        }
        if (!client.encrypted() && !server.isLocalClient(client.address())) {
            throw passwordRefusal = new PasswordRefusal("the database asks for a password, and nlsql's proxy relays passwords only over TLS",
                    "Connect with sslmode=require; the proxy needs --tls-cert and --tls-key.");
        }
        if (relayedPassword != null) {
            return relayedPassword.clone(); // pgjdbc wipes the array it is given
        }
        try {
            out.authenticationCleartextPassword();
            out.flush();
            char[] given = PgInput.cstring(expect(FrontendType.PASSWORD).body()).toCharArray();
            databaseAskedPassword = true;
            relayedPassword = given.clone();
            return given;
        } catch (IOException e) {
            throw new org.postgresql.util.PSQLException("the client left during authentication", org.postgresql.util.PSQLState.CONNECTION_FAILURE, e);
        }
    }

    /** Ends the login's use of the client's relayed password: wiped, and never sent to the database again. */
    void forgetRelayedPassword() {
        if (relayedPassword != null) {
            java.util.Arrays.fill(relayedPassword, '\0');
            relayedPassword = null;
        }
    }

    /**
     * Off-loopback identity. The database sees every client at the proxy's own address, so its pg_hba.conf rules for
     * that address (often trust, meant for this machine) would apply to a client from anywhere. A client from another
     * machine therefore acts as itself only when someone checked who it is: the proxy (--auth other than trust; a
     * shared account always has it) or the database, by asking for a password that the client then gave (a login that
     * then succeeds means the database accepted it).
     */
    boolean vouchedFor() {
        return vouchedFor(server.isLocalClient(client.address()), server.config().auth(), databaseAskedPassword);
    }

    static boolean vouchedFor(boolean localClient, ProxyConfig.Auth auth, boolean databaseAskedPassword) {
        return localClient || auth != ProxyConfig.Auth.TRUST || databaseAskedPassword;
    }

    /**
     * The refusal of a client {@link #vouchedFor} does not admit, saying why and what to change: the address the
     * database saw ({@code inet_client_addr()} of the backend session, when there is one) and its pg_hba rules.
     */
    StartupSettings.Refused unvouched(java.sql.Connection backend) {
        String address = client.address().getHostAddress();
        String fix = "--auth scram-sha-256 --users FILE, so that the proxy authenticates clients itself";
        if (backend == null) {
            return new StartupSettings.Refused(PgState.INVALID_AUTHORIZATION_SPECIFICATION.code(), "nlsql's proxy admits a client from "
                    + address + " to act as itself only when the proxy or the database authenticated it, and this database's"
                    + " driver cannot ask the client for a password", null, "Start the proxy with " + fix + ".");
        }
        String seen = null;
        try (java.sql.Statement s = OwnQueries.on(backend).createStatement();
                java.sql.ResultSet rs = s.executeQuery("SELECT host(inet_client_addr())")) {
            seen = rs.next() ? rs.getString(1) : null;
        } catch (java.sql.SQLException e) {
            // the message then names no address
        }
        String proxy = seen == null ? "the proxy's own address" : "the proxy's own address " + seen;
        return new StartupSettings.Refused(PgState.INVALID_AUTHORIZATION_SPECIFICATION.code(), "nlsql's proxy refuses the client at "
                + address + ": the database admitted it without asking for a password, because it saw the connection come from "
                + proxy + ", so pg_hba.conf's rules for that address applied (such as trust for this machine), not rules for "
                + address,
                "The database sees every client of the proxy at " + proxy + ".",
                "Require a password in pg_hba.conf for connections from " + (seen == null ? "the proxy's address" : seen)
                        + " (for example \"host all all " + (seen == null ? "127.0.0.1/32" : seen + (seen.contains(":") ? "/128" : "/32"))
                        + " scram-sha-256\"), or start the proxy with " + fix + ".");
    }

    boolean authenticate(String user) throws IOException {
        ProxyConfig.Auth auth = server.config().auth();
        if (auth == ProxyConfig.Auth.TRUST) {
            return true;
        }
        String password = server.config().users().password(user);
        boolean ok = switch (auth) {
            case PASSWORD -> {
                out.authenticationCleartextPassword();
                out.flush();
                String given = PgInput.cstring(expect(FrontendType.PASSWORD).body());
                clientPassword = given;
                yield password != null && MessageDigest.isEqual(password.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
            }
            case MD5 -> {
                byte[] salt = new byte[4];
                RANDOM.nextBytes(salt);
                out.authenticationMd5Password(salt);
                out.flush();
                String given = PgInput.cstring(expect(FrontendType.PASSWORD).body());
                yield password != null && MessageDigest.isEqual(md5Response(user, password, salt).getBytes(StandardCharsets.US_ASCII),
                        given.getBytes(StandardCharsets.US_ASCII));
            }
            case SCRAM_SHA_256 -> scram(password);
            case TRUST -> true;
        };
        if (!ok) {
            fatal(PgState.INVALID_PASSWORD.code(), "password authentication failed for user \"" + user + "\"");
        }
        return ok;
    }

    private boolean scram(String password) throws IOException {
        out.authenticationSasl(List.of(ScramSha256.MECHANISM));
        out.flush();
        ByteBuffer first = expect(FrontendType.PASSWORD).body();
        String mechanism = PgInput.cstring(first);
        byte[] clientFirst = PgInput.bytes(first, PgInput.int32(first));
        if (!ScramSha256.MECHANISM.equals(mechanism) || clientFirst == null) {
            return false;
        }
        ScramSha256 scram = new ScramSha256(password == null ? "\u0000no such user" : password);
        try {
            out.authenticationSasl(11, scram.serverFirst(new String(clientFirst, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
            out.flush();
            ByteBuffer second = expect(FrontendType.PASSWORD).body();
            String serverFinal = scram.serverFinal(new String(second.array(), second.arrayOffset() + second.position(), second.remaining(),
                    StandardCharsets.UTF_8));
            if (serverFinal == null || password == null) {
                return false;
            }
            out.authenticationSasl(12, serverFinal.getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    static String md5Response(String user, String password, byte[] salt) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            String inner = HexFormat.of().formatHex(md5.digest((password + user).getBytes(StandardCharsets.UTF_8)));
            md5.reset();
            md5.update(inner.getBytes(StandardCharsets.US_ASCII));
            md5.update(salt);
            return "md5" + HexFormat.of().formatHex(md5.digest());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private PgInput.Message expect(char type) throws IOException {
        PgInput.Message m = in.read();
        if (m == null) {
            throw new IOException("client left during authentication");
        }
        if (m.type() != type) {
            throw new PgInput.ProtocolViolation("expected message '" + type + "', got '" + m.type() + "'");
        }
        return m;
    }
}
