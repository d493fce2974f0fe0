package dev.nlsql.internal.jdbc;

import java.lang.reflect.Method;
import java.util.Map;

/**
 * The wrapped drivers' own methods that run on the delegate ({@link DriverInterfaces}) and take SQL text or hand out
 * something that runs SQL on the real connection, as reviewed for pgjdbc 42.7.14 and H2 (MariaDB's objects are handed
 * out as nlsql's wrappers, so none of theirs runs on a delegate). A reviewed SQL method meets the handed-out object's
 * {@link DriverSqlGate} (nlsql.passthrough) first; so does any method that looks as if it might take or reach SQL and
 * has not been reviewed, so that a new one in a later driver is refused under readonly/deny until someone looks at it.
 */
final class DriverSqlMethods {

    private DriverSqlMethods() {
    }

    /** Reviewed: runs SQL text (or a query parsed from it) on the real connection, or hands out what does. Gated. */
    static final Map<String, String> RUN_SQL = Map.ofEntries(
            Map.entry("executeWithFlags(String,int)", "runs SQL text on the real statement"),
            Map.entry("executeWithFlags(CachedQuery,int)", "runs a query parsed from SQL text (createQuery)"),
            Map.entry("executeWithFlags(int)", "runs the prepared statement outside nlsql's read-only transaction and role"),
            Map.entry("execSQLQuery(String)", "runs SQL text on the real connection"),
            Map.entry("execSQLQuery(String,int,int)", "runs SQL text on the real connection"),
            Map.entry("execSQLUpdate(String)", "runs SQL text on the real connection"),
            Map.entry("execSQLUpdate(CachedQuery)", "runs a parsed query (package-private: reflection only)"),
            Map.entry("createQuery(String,boolean,boolean,String[])", "parses SQL text into pgjdbc's query cache, to be run"),
            Map.entry("alterUserPassword(String,char[],String)", "runs ALTER USER ... PASSWORD"),
            Map.entry("getQueryExecutor()", "hands out the protocol executor, which runs any query"),
            Map.entry("getReplicationProtocol()", "hands out the replication protocol (START_REPLICATION, slots)"),
            Map.entry("getReplicationAPI()", "hands out replication: creates and drops slots, streams changes"),
            Map.entry("getCopyAPI()", "hands out COPY with SQL text (copyIn writes tables)"),
            Map.entry("getLargeObjectAPI()", "hands out large objects: create, write, unlink"),
            Map.entry("getFastpathAPI()", "hands out fastpath: calls any server function by name or OID"),
            Map.entry("createResultSet(Query,Field[],List,ResultCursor)", "hands out pgjdbc's result set, whose getStatement() is the real statement"),
            Map.entry("createDriverResultSet(Field[],List)", "hands out pgjdbc's result set, whose getStatement() is the real statement"),
            Map.entry("getSingleResultSet()", "hands out pgjdbc's result set of the last run (protected: reflection only)"),
            Map.entry("makeBlob(long)", "hands out a large object that writes (protected: reflection only)"),
            Map.entry("makeClob(long)", "hands out a large object that writes (protected: reflection only)"));

    /** Reviewed: takes text or hands back an object, but runs no SQL of the caller's and reaches nothing that does. */
    static final Map<String, String> NO_SQL = Map.ofEntries(
            Map.entry("addDataType(String,Class)", "registers a Java class for a type name"),
            Map.entry("addDataType(String,String)", "registers a Java class for a type name"),
            Map.entry("createArrayOf(String,Object)", "makes an array value (the type is looked up in pg_type)"),
            Map.entry("escapeIdentifier(String)", "quotes text locally"),
            Map.entry("escapeLiteral(String)", "quotes text locally"),
            Map.entry("escapeString(String)", "quotes text locally"),
            Map.entry("encodeString(String)", "encodes text locally"),
            Map.entry("getParameterStatus(String)", "reads a ParameterStatus the server reported"),
            Map.entry("getObject(String,String,byte[])", "converts a value to a registered type locally"),
            Map.entry("getObjectImpl(String,Map)", "reads an OUT parameter"),
            Map.entry("setCursorName(String)", "does nothing in pgjdbc"),
            Map.entry("setAutosave(AutoSave)", "how pgjdbc uses savepoints around statements"),
            Map.entry("haveMinimumServerVersion(Version)", "compares versions"),
            Map.entry("getNotifications()", "reads LISTEN notifications already received"),
            Map.entry("getNotifications(int)", "waits for LISTEN notifications"),
            Map.entry("getEncoding()", "the client encoding"),
            Map.entry("getFieldMetadataCache()", "column metadata cache"),
            Map.entry("getTimestampUtils()", "date and time conversions"),
            Map.entry("getXmlFactoryFactory()", "XML parser factories"),
            Map.entry("getTypeInfo()", "type lookups: pgjdbc's own catalog reads, names bound as parameters"),
            Map.entry("createTypeInfo(BaseConnection,int)", "makes the type lookups (protected: reflection only)"),
            Map.entry("createParameterMetaData(BaseConnection,int[])", "describes parameters already known"),
            Map.entry("createBatchHandler(Query[],ParameterList[])", "makes a result handler; runs nothing (protected)"),
            Map.entry("isOneShotQuery(CachedQuery)", "reads a flag of a parsed query (protected)"),
            Map.entry("releaseQuery(CachedQuery)", "returns a parsed query to the cache (package-private)"),
            Map.entry("bindLiteral(int,String,int)", "binds a parameter value (protected)"),
            Map.entry("setString(int,String,int)", "binds a parameter value (protected)"),
            Map.entry("checkIndex(int,int,String)", "checks an OUT parameter index (protected)"),
            Map.entry("checkIndex(int,int,int,String)", "checks an OUT parameter index (protected)"),
            Map.entry("makeArray(int,String)", "makes an array value from its text (protected)"),
            Map.entry("makeSQLXML()", "makes an empty XML value (protected)"),
            // H2's JdbcConnection adds CastDataProvider: settings and clocks for value conversion
            Map.entry("currentTimeZone()", "H2: the session's time zone"),
            Map.entry("currentTimestamp()", "H2: the statement's timestamp"),
            Map.entry("getJavaObjectSerializer()", "H2: how JAVA_OBJECT values are serialized"),
            Map.entry("getMode()", "H2: the compatibility mode"));

    /** What a reviewed method does, or null when it is not on either list. */
    static String reviewed(Method m) {
        String key = key(m);
        String run = RUN_SQL.get(key);
        return run != null ? run : NO_SQL.get(key);
    }

    /** Whether the method meets the gate: reviewed as running SQL, or looking as if it might and not reviewed. */
    static boolean gated(Method m) {
        String key = key(m);
        return RUN_SQL.containsKey(key) || !NO_SQL.containsKey(key) && needsReview(m);
    }

    /**
     * A method that might take SQL text or reach the real connection: a parameter that can hold text (String,
     * CharSequence, Object, char[], arrays of them) or is one of the driver's own types (a parsed query), or a result
     * that is a JDBC or driver object.
     */
    static boolean needsReview(Method m) {
        for (Class<?> p : m.getParameterTypes()) {
            Class<?> t = p.isArray() ? p.getComponentType() : p;
            if (t.isAssignableFrom(String.class) || t == char.class || isDriverType(t)) {
                return true;
            }
        }
        Class<?> r = m.getReturnType();
        Class<?> t = r.isArray() ? r.getComponentType() : r;
        return !t.isPrimitive() && !t.isEnum() && (isDriverType(t) || t.getName().startsWith("java.sql."));
    }

    private static boolean isDriverType(Class<?> t) {
        return !t.isPrimitive() && !t.getName().startsWith("java.") && !t.getName().startsWith("javax.");
    }

    /** name(SimpleParameterTypes), as the lists name a method. */
    static String key(Method m) {
        StringBuilder s = new StringBuilder(m.getName()).append('(');
        Class<?>[] params = m.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            s.append(i > 0 ? "," : "").append(params[i].getSimpleName());
        }
        return s.append(')').toString();
    }
}
