package dev.nlsql.proxy;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte buffer for one thread. ByteArrayOutputStream takes a lock on every call, and
 * building a message writes byte by byte, so on the relay path its locking cost more than the copying.
 */
final class ByteSink {

    private byte[] bytes;
    private int size;

    ByteSink(int initialCapacity) {
        bytes = new byte[initialCapacity];
    }

    void write(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void write(byte[] b, int offset, int length) {
        ensure(length);
        System.arraycopy(b, offset, bytes, size, length);
        size += length;
    }

    void writeInt32(int v) {
        ensure(4);
        bytes[size] = (byte) (v >>> 24);
        bytes[size + 1] = (byte) (v >>> 16);
        bytes[size + 2] = (byte) (v >>> 8);
        bytes[size + 3] = (byte) v;
        size += 4;
    }

    void writeInt16(int v) {
        ensure(2);
        bytes[size] = (byte) (v >>> 8);
        bytes[size + 1] = (byte) v;
        size += 2;
    }

    /** Appends what {@code other} holds. */
    void write(ByteSink other) {
        write(other.bytes, 0, other.size);
    }

    int size() {
        return size;
    }

    /** The array behind the sink: its first {@link #size()} bytes are what was written. */
    byte[] array() {
        return bytes;
    }

    void reset() {
        size = 0;
    }

    /** Empties the sink and gives back its array when one large message made it larger than {@code keep} bytes. */
    void resetTo(int keep) {
        size = 0;
        if (bytes.length > keep) {
            bytes = new byte[keep];
        }
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(size + more, bytes.length * 2));
        }
    }
}
