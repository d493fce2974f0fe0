package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nlsql.proxy.wire.Frame;
import dev.nlsql.proxy.wire.FrontendType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Frames in both directions, read from memory: one set of limits, the same verdict on a broken length. */
class WireFrameTest {

    private static PgInput input(byte[] bytes, int max) {
        return new PgInput(new ByteArrayInputStream(bytes), max);
    }

    private static byte[] frame(char type, int lengthWord, byte[] body) {
        return ByteBuffer.allocate(5 + body.length).put((byte) type).putInt(lengthWord).put(body).array();
    }

    @Test
    void aLengthWordCountsItselfAndStaysWithinItsLimit() {
        assertEquals(0, Frame.bodyLength(4, 10));
        assertEquals(10, Frame.bodyLength(14, 10));
        assertEquals(-1, Frame.bodyLength(3, 10), "shorter than the word itself");
        assertEquals(-1, Frame.bodyLength(15, 10), "over the limit");
        assertEquals(-1, Frame.bodyLength(Integer.MIN_VALUE, Integer.MAX_VALUE), "no overflow into a valid length");
        assertEquals(0x01020304, Frame.lengthWord(new byte[] {9, 1, 2, 3, 4}, 1));
    }

    @Test
    void aClientFrameIsReadWithinItsLimit() throws IOException {
        PgInput.Message m = input(frame(FrontendType.QUERY, 7, new byte[] {'x', 'y', 0}), 3).read();
        assertEquals(FrontendType.QUERY, m.type());
        assertEquals(3, m.body().remaining());
        assertNull(input(new byte[0], 3).read(), "closed between messages");
        IOException tooLong = assertThrows(PgInput.ProtocolViolation.class, () -> input(frame(FrontendType.QUERY, 8, new byte[4]), 3).read());
        assertEquals(Frame.invalidLength(8, FrontendType.QUERY, ""), tooLong.getMessage());
        assertThrows(PgInput.ProtocolViolation.class, () -> input(frame(FrontendType.QUERY, 3, new byte[0]), 3).read());
        assertThrows(PgInput.ProtocolViolation.class, () -> input(frame(FrontendType.QUERY, 9, new byte[2]), 10).read(),
                "closed inside the message");
    }

    @Test
    void aBackendFrameWithABrokenLengthEndsTheRelayLoopsReader() {
        RelayLoop.BackendReader reader = new RelayLoop.BackendReader((type, body, length) -> false);
        IOException e = assertThrows(IOException.class, () -> reader.feed(frame('Z', 3, new byte[0]), 0, 5));
        assertEquals(Frame.invalidLength(3, 'Z', "backend "), e.getMessage());
        RelayLoop.BackendReader big = new RelayLoop.BackendReader((type, body, length) -> false);
        assertThrows(IOException.class, () -> big.feed(frame('E', Frame.LONGEST_OBSERVED_BODY + 5, new byte[0]), 0, 5),
                "an error longer than the loop reads");
    }
}
