package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.FrontendType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The session's protocol before any backend, over in-memory streams: no socket, no database (the backend URL points
 * nowhere, and nothing here reaches it). The proxy authenticates clients itself (--auth password), so every refusal
 * comes before a backend would be opened.
 */
class InMemorySessionTest {

    private final PgServer server = new PgServer(new ProxyConfig("jdbc:postgresql://127.0.0.1:1/unused", "127.0.0.1", 0,
            ProxyConfig.Auth.PASSWORD, Users.of(Map.of("alice", "secret")), Map.of(), 5, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null);

    @AfterEach
    void close() throws IOException {
        server.close();
    }

    @Test
    void aClientThatLeavesBeforeStartupGetsNoWord() {
        assertEquals(0, new InMemoryClient().run(server).length);
        byte[] terminate = {FrontendType.TERMINATE, 0, 0, 0, 4};
        assertEquals(0, new InMemoryClient().raw(terminate).run(server).length, "Terminate in place of a startup packet");
    }

    @Test
    void encryptionRequestsAreDeclinedWithoutTlsAndTheStartupGoesOn() {
        byte[] out = new InMemoryClient().untyped(80877103, new byte[0]).untyped(80877104, new byte[0]).startup("alice", "db")
                .message(FrontendType.PASSWORD, "secret").run(server);
        assertEquals('N', out[0], "SSLRequest declined");
        assertEquals('N', out[1], "GSSENCRequest declined");
        List<InMemoryClient.Message> m = InMemoryClient.messages(out, 2);
        assertEquals(BackendType.AUTHENTICATION, m.get(0).type());
        assertEquals(3, m.get(0).int32(), "AuthenticationCleartextPassword");
        // the password was right: the session went on to open the backend, which is nowhere
        InMemoryClient.Message last = m.get(m.size() - 1);
        assertEquals(BackendType.ERROR_RESPONSE, last.type());
        assertEquals("FATAL", last.fields().get('V'));
        assertTrue(last.fields().get('C').startsWith("08"), "cannot reach the backend: " + last.fields());
    }

    @Test
    void aWrongPasswordIsRefusedAsPostgresRefusesIt() {
        List<InMemoryClient.Message> m = InMemoryClient.messages(new InMemoryClient().startup("alice", "db")
                .message(FrontendType.PASSWORD, "wrong").run(server), 0);
        assertEquals(2, m.size(), m.toString());
        assertEquals(PgState.INVALID_PASSWORD.code(), m.get(1).fields().get('C'));
        assertEquals("password authentication failed for user \"alice\"", m.get(1).fields().get('M'));
    }

    @Test
    void aStartupPacketOfAnImpossibleLengthIsAProtocolViolation() {
        byte[] huge = ByteBuffer.allocate(8).putInt(dev.nlsql.proxy.wire.Frame.LONGEST_STARTUP + 1).putInt(0x00030000).array();
        List<InMemoryClient.Message> m = InMemoryClient.messages(new InMemoryClient().raw(huge).run(server), 0);
        assertEquals(1, m.size());
        assertEquals(PgState.PROTOCOL_VIOLATION.code(), m.get(0).fields().get('C'));
        assertEquals(PgState.PROTOCOL_VIOLATION.message("invalid startup packet length 10001"), m.get(0).fields().get('M'));
    }

    @Test
    void aMessageLongerThanThePreAuthenticationLimitIsAProtocolViolation() {
        byte[] header = ByteBuffer.allocate(5).put((byte) FrontendType.PASSWORD).putInt(ProxyConfig.PRE_AUTH_MAX_MESSAGE_BYTES + 5).array();
        List<InMemoryClient.Message> m = InMemoryClient.messages(new InMemoryClient().startup("alice", "db").raw(header).run(server), 0);
        InMemoryClient.Message last = m.get(m.size() - 1);
        assertEquals(PgState.PROTOCOL_VIOLATION.code(), last.fields().get('C'), m.toString());
        assertTrue(last.fields().get('M').contains("invalid length"), last.fields().get('M'));
    }
}
