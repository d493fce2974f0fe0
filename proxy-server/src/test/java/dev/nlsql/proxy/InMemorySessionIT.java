package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.FrontendType;
import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A whole session over in-memory streams against a live PostgreSQL: no client socket, the session on the test's thread. */
class InMemorySessionIT {

    private final PgServer server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0,
            ProxyConfig.Auth.TRUST, Users.of(Map.of()), Map.of("nlsql.llm", "offline"), 5, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null);

    @AfterEach
    void close() throws IOException {
        server.close();
    }

    @Test
    void aSimpleAndAnExtendedQueryAreAnsweredInOrder() {
        ByteBuffer bind = ByteBuffer.allocate(2 + 2 + 2 + 4 + 1 + 2);
        String threadName = Thread.currentThread().getName();
        bind.put(new byte[] {0, 0}).putShort((short) 0).putShort((short) 1).putInt(1).put((byte) '5').putShort((short) 0);
        byte[] out = new InMemoryClient().startup("postgres", "test")
                .message(FrontendType.QUERY, "SELECT 1 AS one")
                .message(FrontendType.PARSE, new byte[] {0, 'S', 'E', 'L', 'E', 'C', 'T', ' ', '$', '1', ':', ':', 'i', 'n', 't', ' ', '+', ' ', '1', 0, 0, 0})
                .message(FrontendType.BIND, bind.array())
                .message(FrontendType.EXECUTE, new byte[] {0, 0, 0, 0, 0})
                .message(FrontendType.SYNC, new byte[0])
                .message(FrontendType.TERMINATE, new byte[0])
                .run(server);
        assertEquals(threadName, Thread.currentThread().getName(), "the test's thread keeps its name");
        List<InMemoryClient.Message> m = InMemoryClient.messages(out, 0);
        StringBuilder types = new StringBuilder();
        m.forEach(x -> types.append(x.type()));
        String afterLogin = types.substring(types.indexOf("" + BackendType.READY_FOR_QUERY) + 1);
        assertEquals("TDCZ" + "12DCZ", afterLogin, "the simple query's answer, then the extended one's");
        List<InMemoryClient.Message> rows = m.stream().filter(x -> x.type() == BackendType.DATA_ROW).toList();
        assertEquals("1", value(rows.get(0)));
        assertEquals("6", value(rows.get(1)));
    }

    /** The first column of a DataRow, as text. */
    private static String value(InMemoryClient.Message row) {
        ByteBuffer b = ByteBuffer.wrap(row.body());
        b.getShort();
        byte[] v = new byte[b.getInt()];
        b.get(v);
        return new String(v, StandardCharsets.UTF_8);
    }
}
