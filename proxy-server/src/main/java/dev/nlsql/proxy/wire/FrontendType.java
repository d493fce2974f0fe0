package dev.nlsql.proxy.wire;

/** The type bytes of the messages a client sends (PostgreSQL protocol v3), and the object kinds Describe and Close name. */
public final class FrontendType {
    public static final char QUERY = 'Q';
    public static final char PARSE = 'P';
    public static final char BIND = 'B';
    public static final char DESCRIBE = 'D';
    public static final char EXECUTE = 'E';
    public static final char CLOSE = 'C';
    public static final char SYNC = 'S';
    public static final char FLUSH = 'H';
    public static final char FUNCTION_CALL = 'F';
    public static final char COPY_DATA = 'd';
    public static final char COPY_DONE = 'c';
    public static final char COPY_FAIL = 'f';
    /** PasswordMessage, SASLInitialResponse and SASLResponse share it. */
    public static final char PASSWORD = 'p';
    public static final char TERMINATE = 'X';

    /** The kind byte of Describe and Close: a prepared statement or a portal. */
    public static final char STATEMENT = 'S';
    public static final char PORTAL = 'P';

    private FrontendType() {
    }
}
