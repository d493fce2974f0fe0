package dev.nlsql.proxy;

import java.lang.reflect.Field;
import java.sql.ResultSetMetaData;

/**
 * The column descriptions PostgreSQL itself sent to pgjdbc (type OID, type modifier, table OID,
 * column number), so clients of the proxy see exactly what they would see on the server:
 * varchar(20) stays varchar(20), and tools can tell which table a column comes from.
 */
final class BackendFields {

    private static final Field FIELDS = fieldsOfPgMetadata();

    private BackendFields() {
    }

    private static Field fieldsOfPgMetadata() {
        try {
            Field f = org.postgresql.jdbc.PgResultSetMetaData.class.getDeclaredField("fields");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // a pgjdbc without it: column descriptions come from the type names instead
        }
    }

    /** Whether this pgjdbc has the field read here (see {@link BackendRelay#VERIFIED_PGJDBC}). */
    static boolean reachable() {
        return FIELDS != null;
    }

    /** pgjdbc's fields behind this metadata, or null when it is not pgjdbc's. */
    static org.postgresql.core.Field[] of(ResultSetMetaData md) {
        if (FIELDS == null) {
            return null;
        }
        try {
            org.postgresql.jdbc.PgResultSetMetaData pg = md.unwrap(org.postgresql.jdbc.PgResultSetMetaData.class);
            return (org.postgresql.core.Field[]) FIELDS.get(pg);
        } catch (Exception notPgjdbc) {
            return null;
        }
    }
}
