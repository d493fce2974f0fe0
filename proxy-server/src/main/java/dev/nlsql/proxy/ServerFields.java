package dev.nlsql.proxy;

import java.lang.reflect.Field;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.LinkedHashMap;
import java.util.Map;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * The fields of an ErrorResponse or NoticeResponse as PostgreSQL sent them to pgjdbc, so that what is not relayed still
 * reaches the client with every field (constraint, table, column, file, line...), unchanged.
 */
final class ServerFields {

    /** PostgreSQL's own order of fields (elog.c, send_message_to_frontend); any other field follows. */
    private static final String ORDER = "SVCMDHPpqWstcdnFLR";

    private static final java.util.Set<String> SEVERITIES = java.util.Set.of("ERROR", "FATAL", "PANIC", "WARNING", "NOTICE", "DEBUG",
            "INFO", "LOG");

    private static final Field PARTS = partsOfServerErrorMessage();

    private ServerFields() {
    }

    private static Field partsOfServerErrorMessage() {
        try {
            Field f = ServerErrorMessage.class.getDeclaredField("mesgParts");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // a pgjdbc without it: the fields its getters give
        }
    }

    /**
     * The server's error behind e: e itself or a cause with the same SQLSTATE (a plain wrapper). A cause with another
     * SQLSTATE stays behind its wrapper: a question that failed (NL001) is nlsql's error, not its last attempt's.
     */
    static ServerErrorMessage of(SQLException e) {
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof PSQLException p && p.getServerErrorMessage() != null) {
                ServerErrorMessage m = p.getServerErrorMessage();
                return t == e || java.util.Objects.equals(e.getSQLState(), m.getSQLState()) ? m : null;
            }
        }
        return null;
    }

    /** The server's notice behind a warning, or null for a warning the server did not send (nlsql's own, for one). */
    static ServerErrorMessage of(SQLWarning w) {
        return w instanceof PSQLWarning p ? p.getServerErrorMessage() : null;
    }

    /** Every field of the message, in PostgreSQL's order, with V (the severity never translated) added when known. */
    static Map<Character, String> fields(ServerErrorMessage m) {
        Map<Character, String> parts = parts(m);
        Map<Character, String> out = new LinkedHashMap<>();
        for (char c : ORDER.toCharArray()) {
            if (parts.get(c) != null) {
                out.put(c, parts.get(c));
            }
        }
        parts.forEach((c, v) -> {
            if (v != null && c != 0) {
                out.putIfAbsent(c, v);
            }
        });
        String s = out.get('S');
        if (!out.containsKey('V') && s != null && SEVERITIES.contains(s)) {
            Map<Character, String> withV = new LinkedHashMap<>();
            out.forEach((c, v) -> {
                withV.put(c, v);
                if (c == 'S') {
                    withV.put('V', v);
                }
            });
            return withV;
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<Character, String> parts(ServerErrorMessage m) {
        if (PARTS != null) {
            try {
                return new LinkedHashMap<>((Map<Character, String>) PARTS.get(m));
            } catch (ReflectiveOperationException | RuntimeException e) {
                // the getters below
            }
        }
        Map<Character, String> p = new LinkedHashMap<>();
        p.put('S', m.getSeverity());
        p.put('C', m.getSQLState());
        p.put('M', m.getMessage());
        p.put('D', m.getDetail());
        p.put('H', m.getHint());
        p.put('P', m.getPosition() > 0 ? Integer.toString(m.getPosition()) : null);
        p.put('p', m.getInternalPosition() > 0 ? Integer.toString(m.getInternalPosition()) : null);
        p.put('q', m.getInternalQuery());
        p.put('W', m.getWhere());
        p.put('s', m.getSchema());
        p.put('t', m.getTable());
        p.put('c', m.getColumn());
        p.put('d', m.getDatatype());
        p.put('n', m.getConstraint());
        p.put('F', m.getFile());
        p.put('L', m.getLine() > 0 ? Integer.toString(m.getLine()) : null);
        p.put('R', m.getRoutine());
        return p;
    }
}
