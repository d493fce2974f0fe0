package dev.nlsql.proxy;

/** The protocol's format-code lists: none means all text, one applies to all, else one per column. */
final class FormatCodes {

    static final short TEXT = 0;
    static final short BINARY = 1;

    private FormatCodes() {
    }

    static short forColumn(short[] formats, int column) {
        if (formats == null || formats.length == 0) {
            return TEXT;
        }
        return formats.length == 1 ? formats[0] : column < formats.length ? formats[column] : TEXT;
    }
}
