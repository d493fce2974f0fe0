package dev.nlsql.proxy.wire;

/**
 * The type bytes of the messages a server sends (PostgreSQL protocol v3), the transaction status of ReadyForQuery, and
 * the one place that says which messages may come unasked.
 */
public final class BackendType {
    public static final char AUTHENTICATION = 'R';
    public static final char BACKEND_KEY_DATA = 'K';
    public static final char PARSE_COMPLETE = '1';
    public static final char BIND_COMPLETE = '2';
    public static final char CLOSE_COMPLETE = '3';
    public static final char COMMAND_COMPLETE = 'C';
    public static final char COPY_DATA = 'd';
    public static final char COPY_DONE = 'c';
    public static final char COPY_IN_RESPONSE = 'G';
    public static final char COPY_OUT_RESPONSE = 'H';
    public static final char COPY_BOTH_RESPONSE = 'W';
    public static final char DATA_ROW = 'D';
    public static final char EMPTY_QUERY_RESPONSE = 'I';
    public static final char ERROR_RESPONSE = 'E';
    public static final char FUNCTION_CALL_RESPONSE = 'V';
    public static final char NEGOTIATE_PROTOCOL_VERSION = 'v';
    public static final char NO_DATA = 'n';
    public static final char NOTICE_RESPONSE = 'N';
    public static final char NOTIFICATION_RESPONSE = 'A';
    public static final char PARAMETER_DESCRIPTION = 't';
    public static final char PARAMETER_STATUS = 'S';
    public static final char PORTAL_SUSPENDED = 's';
    public static final char READY_FOR_QUERY = 'Z';
    public static final char ROW_DESCRIPTION = 'T';

    /** ReadyForQuery's transaction status: idle, in a transaction block, in a failed one. */
    public static final char IDLE = 'I';
    public static final char IN_TRANSACTION = 'T';
    public static final char FAILED_TRANSACTION = 'E';

    private BackendType() {
    }

    /** Messages a server may send at any time, asked or not: notifications, notices, setting changes. */
    public static boolean asynchronous(char type) {
        return type == NOTIFICATION_RESPONSE || type == NOTICE_RESPONSE || type == PARAMETER_STATUS;
    }

    /** Messages that start a COPY sub-protocol, or its data: no simple query relayed by the loop sends them. */
    public static boolean copy(char type) {
        return type == COPY_IN_RESPONSE || type == COPY_OUT_RESPONSE || type == COPY_BOTH_RESPONSE || type == COPY_DATA
                || type == COPY_DONE;
    }

    /** The messages whose bodies the proxy reads while relaying: the end of an exchange, errors, settings, tags. */
    public static boolean observed(char type) {
        return type == READY_FOR_QUERY || type == ERROR_RESPONSE || type == PARAMETER_STATUS || type == COMMAND_COMPLETE;
    }
}
