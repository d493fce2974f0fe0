package dev.nlsql.proxy.wire;

/**
 * The frame of a protocol v3 message, in both directions: a type byte and a length word that counts itself. Every
 * limit on a frame's length lives here, so client and backend frames are checked the same way.
 */
public final class Frame {
    /** The type byte and the length word. */
    public static final int HEADER_BYTES = 5;
    /** A startup packet's longest length word: PostgreSQL's own limit (MAX_STARTUP_PACKET_LENGTH). */
    public static final int LONGEST_STARTUP = 10_000;
    /** Longer backend messages are a broken stream, not data: PostgreSQL's own limit is 1 GB per field. */
    public static final int LONGEST_BACKEND_BODY = 1 << 30;
    /** The longest backend message body the relay loop keeps to read (its errors, tags and settings). */
    public static final int LONGEST_OBSERVED_BODY = 1 << 20;

    private Frame() {
    }

    /** The body length a length word declares, or -1 where it is below the word's own 4 bytes or above {@code longest}. */
    public static int bodyLength(int lengthWord, int longest) {
        long body = lengthWord - 4L;
        return body < 0 || body > longest ? -1 : (int) body;
    }

    /** The big-endian length word at {@code b[offset..offset+4)}. */
    public static int lengthWord(byte[] b, int offset) {
        return ((b[offset] & 0xff) << 24) | ((b[offset + 1] & 0xff) << 16) | ((b[offset + 2] & 0xff) << 8) | (b[offset + 3] & 0xff);
    }

    /** The message a broken frame gets, the same in both directions. */
    public static String invalidLength(int lengthWord, char type, String side) {
        return "invalid length " + lengthWord + " for " + side + "message '" + type + "'";
    }
}
