package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The statement cache's rewriting of a batch and its reading of the reply's start, byte for byte. */
class StatementCacheTest {

    private static final String SQL = "SELECT $1::int";

    private static byte[] msg(char type, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            body.writeBytes(p);
        }
        ByteBuffer m = ByteBuffer.allocate(5 + body.size());
        m.put((byte) type).putInt(4 + body.size()).put(body.toByteArray());
        return m.array();
    }

    private static byte[] cstr(String s) {
        return (s + "\0").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    private static final byte[] PARAMETERS = {0, 0, 0, 1, 0, 0, 0, 1, '7', 0, 0}; // no formats, one value "7", text results

    private static byte[] batch(String statementKind) {
        byte[] describe = statementKind == null ? new byte[0] : msg('D', new byte[] {(byte) statementKind.charAt(0)}, cstr(""));
        return concat(msg('P', cstr(""), cstr(SQL), new byte[] {0, 0}), msg('B', cstr(""), cstr(""), PARAMETERS), describe,
                msg('E', cstr(""), new byte[4]), msg('S'));
    }

    private static ByteBuffer client(byte[] batch) {
        ByteBuffer b = ByteBuffer.allocateDirect(16_384);
        b.put(batch);
        return b;
    }

    private static byte[] bytes(ByteBuffer out) {
        byte[] a = new byte[out.remaining()];
        out.duplicate().get(a);
        return a;
    }

    @Test
    void aTextIsKeptOnItsSecondParseAndBoundByNameAfterwards() {
        StatementCache cache = new StatementCache(4);
        ByteBuffer out = ByteBuffer.allocate(20_000);
        byte[] batch = batch("S");
        assertEquals(StatementCache.Plan.VERBATIM, cache.plan(client(batch), batch.length, true, out), "first Parse: remembered");
        assertEquals(StatementCache.Plan.KEEP, cache.plan(client(batch), batch.length, true, out));
        byte[] name = cstr("nlsql@1");
        assertArrayEquals(concat(msg('P', name, cstr(SQL), new byte[] {0, 0}), msg('B', cstr(""), name, PARAMETERS),
                msg('D', new byte[] {'S'}, name), msg('E', cstr(""), new byte[4]), msg('S')), bytes(out));
        ByteBuffer reply = replyBuffer(msg('1'), msg('2'), msg('t', new byte[] {0, 0}), msg('n'), msg('C', cstr("SELECT 1")), msg('Z', new byte[] {'I'}));
        assertEquals(StatementCache.Head.PASS, cache.head(reply, 5, reply.position(), false));
        assertEquals(1, cache.size());
        assertArrayEquals(cstr("nlsql@1"), concat(cache.clientUnnamed(), new byte[1]));

        assertEquals(StatementCache.Plan.KEPT, cache.plan(client(batch), batch.length, true, out));
        assertArrayEquals(concat(msg('B', cstr(""), name, PARAMETERS), msg('D', new byte[] {'S'}, name),
                msg('E', cstr(""), new byte[4]), msg('S')), bytes(out), "no Parse: the kept statement is bound by its name");
        byte[] portalBatch = batch("P");
        assertEquals(StatementCache.Plan.KEPT, cache.plan(client(portalBatch), portalBatch.length, true, out));
        assertArrayEquals(concat(msg('B', cstr(""), name, PARAMETERS), msg('D', new byte[] {'P'}, cstr("")),
                msg('E', cstr(""), new byte[4]), msg('S')), bytes(out), "a Describe of the portal stays as it came");
        assertEquals(StatementCache.Plan.VERBATIM, cache.plan(client(batch), batch.length, false, out), "in a transaction block");
    }

    private static ByteBuffer replyBuffer(byte[]... messages) {
        ByteBuffer b = ByteBuffer.allocateDirect(4096);
        b.position(StatementCache.HEAD_ROOM);
        for (byte[] m : messages) {
            b.put(m);
        }
        return b;
    }

    private static byte[] relayed(StatementCache cache, ByteBuffer reply) {
        byte[] a = new byte[cache.to() - cache.from()];
        reply.get(cache.from(), a);
        return a;
    }

    private static StatementCache keptOnce(byte[] batch, ByteBuffer out) {
        StatementCache cache = new StatementCache(4);
        cache.plan(client(batch), batch.length, true, out);
        cache.plan(client(batch), batch.length, true, out);
        ByteBuffer reply = replyBuffer(msg('1'), msg('2'));
        cache.head(reply, 5, reply.position(), false);
        assertEquals(StatementCache.Plan.KEPT, cache.plan(client(batch), batch.length, true, out));
        return cache;
    }

    @Test
    void theParseCompleteGoesBeforeTheBindCompleteAfterWhatCameUnasked() {
        byte[] batch = batch(null);
        ByteBuffer out = ByteBuffer.allocate(20_000);
        StatementCache cache = keptOnce(batch, out);
        byte[] notice = msg('N', cstr("SNOTICE"), new byte[1]);
        byte[] rest = concat(msg('2'), msg('D', new byte[] {0, 1, 0, 0, 0, 1, '7'}), msg('C', cstr("SELECT 1")), msg('Z', new byte[] {'I'}));
        ByteBuffer reply = replyBuffer(notice, rest);
        int bindCompleteCut = 5 + notice.length + 3;
        assertEquals(StatementCache.Head.MORE, cache.head(reply, 5, bindCompleteCut, false), "the BindComplete is not whole yet");
        assertEquals(StatementCache.Head.PASS, cache.head(reply, 5, reply.position(), false));
        assertArrayEquals(concat(notice, msg('1'), rest), relayed(cache, reply));
    }

    @Test
    void aRefusalIsCutOutWithItsReadyForQueryAndTheKeptTextDropped() {
        byte[] batch = batch(null);
        ByteBuffer out = ByteBuffer.allocate(20_000);
        StatementCache cache = keptOnce(batch, out);
        byte[] notification = msg('A', new byte[4], cstr("channel"), cstr("payload"));
        byte[] error = msg('E', cstr("SERROR"), cstr("C0A000"), cstr("Mcached plan must not change result type"), new byte[1]);
        byte[] ready = msg('Z', new byte[] {'I'});
        ByteBuffer partial = replyBuffer(notification, error);
        assertEquals(StatementCache.Head.MORE, cache.head(partial, 5, partial.position(), false), "waits for the ReadyForQuery");
        ByteBuffer reply = replyBuffer(notification, error, ready, notification);
        assertEquals(StatementCache.Head.RETRY, cache.head(reply, 5, reply.position(), false));
        assertArrayEquals(concat(notification, notification), relayed(cache, reply), "only what came unasked is relayed");
        assertEquals(0, cache.size());
        assertEquals(0, cache.clientUnnamed().length, "the retry parses the backend's unnamed statement");
        assertEquals(StatementCache.Plan.KEEP, cache.plan(client(batch), batch.length, true, out), "kept again under a new name");
        assertEquals("nlsql@2", new String(bytes(out), 5, 7, StandardCharsets.US_ASCII));
    }

    @Test
    void staleNamesCountAgainstTheCapacityUntilAllAreDeallocated() {
        byte[] batch = batch(null);
        ByteBuffer out = ByteBuffer.allocate(20_000);
        StatementCache cache = new StatementCache(1);
        cache.plan(client(batch), batch.length, true, out);
        cache.plan(client(batch), batch.length, true, out);
        ByteBuffer reply = replyBuffer(msg('1'));
        cache.head(reply, 5, reply.position(), false);
        cache.plan(client(batch), batch.length, true, out);
        ByteBuffer refused = replyBuffer(msg('E', cstr("C0A000"), new byte[1]), msg('Z', new byte[] {'I'}));
        assertEquals(StatementCache.Head.RETRY, cache.head(refused, 5, refused.position(), false));
        assertEquals(StatementCache.Plan.VERBATIM, cache.plan(client(batch), batch.length, true, out),
                "the refused statement may still exist on the backend: no room for another");
        cache.allDeallocated();
        assertEquals(StatementCache.Plan.KEEP, cache.plan(client(batch), batch.length, true, out));
    }

    @Test
    void aReplyThatFillsTheBufferUndecidedPassesWithItsParseComplete() {
        byte[] batch = batch(null);
        ByteBuffer out = ByteBuffer.allocate(20_000);
        StatementCache cache = keptOnce(batch, out);
        byte[] bigNotice = msg('N', new byte[4000]);
        ByteBuffer reply = replyBuffer(bigNotice);
        assertEquals(StatementCache.Head.PASS, cache.head(reply, 5, reply.position(), true));
        assertArrayEquals(concat(bigNotice, msg('1')), relayed(cache, reply));
    }

    @Test
    void aCancelOrATimeoutBeforeTheBindCompleteIsTheClientsAndNotRunAgain() {
        byte[] batch = batch(null);
        ByteBuffer out = ByteBuffer.allocate(20_000);
        StatementCache cache = keptOnce(batch, out);
        byte[] canceled = msg('E', cstr("SERROR"), cstr("C57014"), cstr("Mcanceling statement due to user request"), new byte[1]);
        ByteBuffer reply = replyBuffer(canceled); // no ReadyForQuery yet: it need not wait for one
        assertEquals(StatementCache.Head.PASS, cache.head(reply, 5, reply.position(), false));
        assertArrayEquals(concat(msg('1'), canceled), relayed(cache, reply), "as PostgreSQL answers Parse and a canceled Bind");
        assertEquals(1, cache.size(), "the kept statement is still good");
        for (String state : new String[] {"0A000", "26000", "42P05", "42P01", "22P02"}) {
            assertEquals(true, StatementCache.retryable(state), state);
        }
        for (String state : new String[] {"57014", "57P01", "55P03", "40P01", "53200", "XX000", "08006", null}) {
            assertEquals(false, StatementCache.retryable(state), state);
        }
    }
}
