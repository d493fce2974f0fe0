package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ByteSinkTest {

    @Test
    void growsPastItsCapacityAndKeepsEveryByteInOrder() throws IOException {
        ByteSink sink = new ByteSink(2);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 1000; i++) {
            sink.write(i);
            expected.write(i);
            byte[] chunk = {(byte) i, (byte) (i + 1), (byte) (i + 2)};
            sink.write(chunk, 1, 2);
            expected.write(chunk, 1, 2);
        }
        assertEquals(3000, sink.size());
        assertArrayEquals(expected.toByteArray(), contents(sink));
    }

    @Test
    void writesIntegersBigEndianAsTheProtocolDoes() throws IOException {
        ByteSink sink = new ByteSink(1);
        sink.writeInt32(0x01020304);
        sink.writeInt16(0xFFFE);
        sink.writeInt32(-1);
        assertArrayEquals(new byte[] {1, 2, 3, 4, (byte) 0xFF, (byte) 0xFE, -1, -1, -1, -1}, contents(sink));
    }

    @Test
    void appendsAnotherSinkAndStartsOverAfterReset() throws IOException {
        ByteSink body = new ByteSink(4);
        body.write(new byte[] {7, 8, 9}, 0, 3);
        ByteSink message = new ByteSink(4);
        message.write('D');
        message.write(body);
        assertArrayEquals(new byte[] {'D', 7, 8, 9}, contents(message));
        message.reset();
        message.write(5);
        assertArrayEquals(new byte[] {5}, contents(message));
    }

    private static byte[] contents(ByteSink sink) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        sink.writeTo(out);
        return out.toByteArray();
    }
}
