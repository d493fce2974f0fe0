package dev.nlsql.internal.execute;

import dev.nlsql.internal.SqlState;
import dev.nlsql.NlSqlState;
import dev.nlsql.internal.sql.HugeNumbers;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import org.slf4j.Logger;

/**
 * The fallback analysis's embedded engine: an in-memory H2 database (optional dependency) holding
 * capped copies of a few tables. It has no files (in-memory, gone with its last connection) and
 * the analysis runs as a user that may only read the copied tables: H2 keeps files, CSV, linked
 * tables and Java functions to administrators. Identifiers fold to lower case as in PostgreSQL.
 * Its queries run bounded and hand back plain values only ({@link #query}); H2's Java object
 * serializer is one that refuses ({@link RefusedJavaObjects}).
 */
public final class LocalCopy implements AutoCloseable {

    private static final Logger LOG = dev.nlsql.internal.log.Logs.get(LocalCopy.class);
    private static final String READER = "NLSQL_READER";
    /** PostgreSQL's SQLSTATEs for what the local engine may end with: out of memory or work, out of stack, cancelled. */
    /** H2's error code for an OutOfMemoryError it caught. */
    private static final int H2_OUT_OF_MEMORY = 90108;

    private final Connection admin;
    private final Connection reader;
    /** Whether copies are {@link CopyTable}s (this H2 fits them) rather than H2's own tables. */
    private final boolean ownTables;
    private final List<String> tables = new ArrayList<>();
    /** Each loaded table's columns (lower case), to resolve the columns a statement compares. */
    private final java.util.Map<String, List<String>> columnsByTable = new java.util.LinkedHashMap<>();
    /** The table.column pairs indexed so far: each is indexed once. */
    private final java.util.Set<String> indexed = new java.util.HashSet<>();
    /** Rows copied per table (lower case), so a join is indexed on its bigger side only. */
    private final java.util.Map<String, Integer> rowsByTable = new java.util.HashMap<>();
    /** Most bytes the copies may occupy together ({@link CopyRowBytes}); Long.MAX_VALUE: no budget. */
    private final long maxCopyBytes;
    /** Bytes the copies occupy so far, as {@link CopyRowBytes} counts them. */
    private long heldBytes;
    /** Whether {@code avg} runs as PostgreSQL's ({@link PgAvg}, registered as nlsql_avg) rather than H2's. */
    private final boolean pgAvg;
    /** Set when H2 refused to load {@link PgAvg} (as {@link #engineRefused}): H2's AVG then. */
    private static volatile boolean pgAvgRefused;

    /** Registers {@link PgAvg} as nlsql_avg; false when H2 cannot load it (its scale rules are then H2's). */
    private static boolean createPgAvg(Connection admin) throws SQLException {
        if (pgAvgRefused) {
            return false;
        }
        try (Statement s = admin.createStatement()) {
            SQLException refused = runLoading(s, "CREATE AGGREGATE " + LocalDialect.PG_AVG + " FOR " + quoteName(PgAvg.class.getName()),
                    PgAvg.class);
            if (refused != null) {
                pgAvgRefused = true;
                LOG.debug("H2 cannot load PostgreSQL's avg, so the local engine's avg is H2's: {}", refused.getMessage());
            }
            return refused == null;
        }
    }

    /**
     * Runs a statement that has H2 load one of our classes, with that class's loader as the thread's context loader (H2
     * looks there when its own loader cannot see ours); the error when H2 may not or cannot load it, else null.
     */
    private static SQLException runLoading(Statement s, String sql, Class<?> loaded) throws SQLException {
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(loaded.getClassLoader());
        try {
            s.execute(sql);
            return null;
        } catch (SQLException e) {
            if (e.getErrorCode() != org.h2.api.ErrorCode.CLASS_NOT_FOUND_1 && e.getErrorCode() != org.h2.api.ErrorCode.ACCESS_DENIED_TO_CLASS_1) {
                throw e;
            }
            return e;
        } finally {
            thread.setContextClassLoader(context);
        }
    }

    private LocalCopy(Connection admin, Connection reader, boolean ownTables, long maxCopyBytes, boolean pgAvg) {
        this.pgAvg = pgAvg;
        this.admin = admin;
        this.reader = reader;
        this.ownTables = ownTables;
        this.maxCopyBytes = maxCopyBytes;
    }

    /** Whether H2 is on the class path (the fallback analysis needs it). */
    public static boolean available() {
        try {
            Class.forName("org.h2.Driver", false, LocalCopy.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** A copy without a byte budget (tests and benchmarks); the driver's copies are made by {@link #create(int, long)}. */
    public static LocalCopy create(int maxMemoryRows) throws SQLException {
        return create(maxMemoryRows, 0);
    }

    /**
     * A copy whose tables together may occupy at most {@code maxCopyBytes} of heap (0: no budget), counted as the rows
     * are held ({@link CopyRowBytes}: H2's row and value objects, strings, numbers), not as they came over the wire:
     * a load that would pass it fails with 54000.
     */
    public static LocalCopy create(int maxMemoryRows, long maxCopyBytes) throws SQLException {
        return create(maxMemoryRows, CopyTableEngine.fits(), maxCopyBytes);
    }

    /** As {@link #create(int)}; {@code ownTables} false keeps H2's own tables (as with an H2 other than 2.4). */
    static LocalCopy create(int maxMemoryRows, boolean ownTables) throws SQLException {
        return create(maxMemoryRows, ownTables, 0);
    }

    private static LocalCopy create(int maxMemoryRows, boolean ownTables, long maxCopyBytes) throws SQLException {
        String url = "jdbc:h2:mem:nlsql_fallback_" + UUID.randomUUID().toString().replace("-", "");
        String settings = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=0;MAX_MEMORY_ROWS=" + maxMemoryRows
                // no value is ever deserialized, whatever reads it (the third wall behind the guard and the plain rows)
                + ";JAVA_OBJECT_SERIALIZER='" + RefusedJavaObjects.class.getName() + "'";
        org.h2.Driver driver = new org.h2.Driver(); // not DriverManager: the host's class loader may not see H2 as a service
        Connection admin = driver.connect(url + settings, credentials("sa", "")); // the reader joins the open database as it is
        try {
            byte[] secret = new byte[16];
            new SecureRandom().nextBytes(secret);
            String password = HexFormat.of().formatHex(secret);
            try (Statement s = admin.createStatement()) {
                s.execute("CREATE USER " + READER + " PASSWORD '" + password + "'");
            }
            boolean pgAvg = createPgAvg(admin);
            Connection reader = driver.connect(url, credentials(READER, password));
            reader.setReadOnly(true);
            return new LocalCopy(admin, reader, ownTables, maxCopyBytes > 0 ? maxCopyBytes : Long.MAX_VALUE, pgAvg);
        } catch (SQLException | RuntimeException e) {
            admin.close();
            throw e;
        }
    }

    private static Properties credentials(String user, String password) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        return p;
    }

    /** Copies every row of {@code rows} (already capped by the fetch) into table {@code name}; returns the rows copied. */
    public int load(String name, ResultSet rows) throws SQLException {
        return load(name, rows, Integer.MAX_VALUE);
    }

    /** Most rows one insert carries: H2's arrays hold at most 65,536 elements. */
    static final int CHUNK_ROWS = 50_000;
    /** Most characters of text one insert carries, so a chunk of long values stays a few MB. */
    static final long CHUNK_CHARS = 4_000_000;

    /**
     * Copies the rows of {@code rows} into table {@code name}; returns the rows copied. When the source
     * has more than {@code maxRows} rows it fails with 54000 after reading at most {@code maxRows + 1}
     * of them: a copy is whole or refused, never silently cut. On H2 2.4 the table is a {@link CopyTable}
     * and each row is converted by H2's own rules and appended to it; on another H2, rows go into H2's own
     * table as column arrays through {@code TABLE(...)} in chunks (far faster than row batches there).
     */
    public int load(String name, ResultSet rows, int maxRows) throws SQLException {
        ResultSetMetaData md = rows.getMetaData();
        int n = md.getColumnCount();
        List<String> columns = new ArrayList<>();
        List<String> folded = new ArrayList<>();
        int[] kinds = new int[n];
        boolean[] ownScale = new boolean[n];
        StringBuilder create = new StringBuilder("CREATE TABLE ").append(quote(name)).append(" (");
        StringBuilder source = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            String column = md.getColumnLabel(i);
            kinds[i - 1] = kind(md.getColumnType(i));
            columns.add(quote(column));
            folded.add(column.toLowerCase(Locale.ROOT));
            String type = kinds[i - 1] == Types.NUMERIC ? numericType(md.getPrecision(i), md.getScale(i)) : typeName(kinds[i - 1]);
            ownScale[i - 1] = kinds[i - 1] == Types.NUMERIC && !hasTypmod(md.getPrecision(i), md.getScale(i));
            create.append(i == 1 ? "" : ", ").append(quote(column)).append(' ').append(type);
            source.append(i == 1 ? "" : ", ").append(quote(column)).append(' ').append(type).append(" = ?");
        }
        create.append(')');
        boolean own = createTable(create.toString());
        try (Statement s = admin.createStatement()) {
            s.execute("GRANT SELECT ON " + quote(name) + " TO " + READER);
        }
        tables.add(name);
        columnsByTable.put(name.toLowerCase(Locale.ROOT), List.copyOf(folded));
        int copied = own ? append(name, rows, kinds, ownScale, maxRows)
                : insert("INSERT INTO " + quote(name) + " (" + String.join(", ", columns) + ") SELECT * FROM TABLE(" + source + ")",
                        name, rows, kinds, maxRows);
        rowsByTable.put(name.toLowerCase(Locale.ROOT), copied);
        return copied;
    }

    /** Set when H2 refused to load {@link CopyTableEngine} (h2.allowedClasses, a class loader that cannot see it). */
    private static volatile boolean engineRefused;

    /** Creates a table: a {@link CopyTable} when this copy uses them and H2 can load their engine (returns true), else H2's own. */
    private boolean createTable(String create) throws SQLException {
        try (Statement s = admin.createStatement()) {
            if (ownTables && !engineRefused) {
                SQLException refused = runLoading(s, create + " ENGINE " + quoteName(CopyTableEngine.class.getName()), CopyTableEngine.class);
                if (refused == null) {
                    return true;
                }
                engineRefused = true;
                LOG.debug("H2 cannot load the local copies' table engine, so copies use H2's own tables: {}", refused.getMessage());
            }
            s.execute(create);
            return false;
        }
    }

    /** Appends each row's values to the {@link CopyTable} ({@link CopyLoad}), then has H2 analyze its columns. */
    private int append(String name, ResultSet rows, int[] kinds, boolean[] ownScale, int maxRows) throws SQLException {
        ResultSetMetaData md = rows.getMetaData();
        Boolean[] localDates = new Boolean[kinds.length]; // per DATE column: whether the rows give it as a LocalDate (null: not yet known)
        int copied = 0;
        try (CopyLoad load = CopyLoad.into(admin, name, ownScale)) {
            while (rows.next()) {
                if (copied == maxRows) {
                    throw tooManyRows(name, maxRows);
                }
                Object[] values = new Object[kinds.length];
                for (int i = 0; i < kinds.length; i++) {
                    values[i] = kinds[i] == Types.DATE && localDates[i] != Boolean.FALSE ? localDate(rows, i + 1, localDates, i)
                            : copiedValue(rows, i + 1, kinds[i], name, md);
                }
                hold(name, CopyRowBytes.of(kinds, values), copied);
                load.append(values);
                copied++;
            }
        }
        if (copied > 0) {
            try (Statement s = admin.createStatement()) {
                s.execute("ANALYZE TABLE " + quote(name) + " SAMPLE_SIZE " + ANALYZE_SAMPLE); // column selectivity, as H2 keeps for its own tables
            }
        }
        return copied;
    }

    /**
     * A DATE as a {@link java.time.LocalDate} where the rows give one (pgjdbc parses it directly; a java.sql.Date is
     * parsed into a calendar, then shifted by the time zone both ways), else as their own object from then on.
     */
    private static Object localDate(ResultSet rows, int i, Boolean[] localDates, int column) throws SQLException {
        if (localDates[column] == null) {
            try {
                Object date = rows.getObject(i, java.time.LocalDate.class);
                localDates[column] = true;
                return date;
            } catch (SQLException | RuntimeException | AbstractMethodError e) {
                localDates[column] = false; // a CachedRowSet does not take a type: read as before
                return rows.getObject(i);
            }
        }
        return rows.getObject(i, java.time.LocalDate.class);
    }

    /** Rows ANALYZE reads for the planner's selectivity (H2's own default sample). */
    private static final int ANALYZE_SAMPLE = 10_000;

    /** The rows as column arrays through H2's {@code TABLE(...)}, in chunks, into one of H2's own tables. */
    private int insert(String insert, String name, ResultSet rows, int[] kinds, int maxRows) throws SQLException {
        ResultSetMetaData md = rows.getMetaData();
        int n = kinds.length;
        int copied = 0;
        try (PreparedStatement ps = admin.prepareStatement(insert)) {
            Object[][] chunk = new Object[n][Math.min(CHUNK_ROWS, Math.max(1, maxRows == Integer.MAX_VALUE ? 1024 : maxRows))];
            int inChunk = 0;
            long chars = 0;
            while (rows.next()) {
                if (copied == maxRows) {
                    throw tooManyRows(name, maxRows);
                }
                if (inChunk == chunk[0].length) {
                    grow(chunk);
                }
                long bytes = CopyRowBytes.rowOverhead(n);
                for (int i = 1; i <= n; i++) {
                    Object value = copiedValue(rows, i, kinds[i - 1], name, md);
                    chunk[i - 1][inChunk] = value;
                    chars += value instanceof String text ? text.length() : 8;
                    bytes += CopyRowBytes.value(kinds[i - 1], value);
                }
                hold(name, bytes, copied);
                inChunk++;
                copied++;
                if (inChunk == CHUNK_ROWS || chars >= CHUNK_CHARS) {
                    insertChunk(ps, chunk, inChunk);
                    inChunk = 0;
                    chars = 0;
                }
            }
            if (inChunk > 0) {
                insertChunk(ps, chunk, inChunk);
            }
        }
        return copied;
    }

    /** Counts one more row of {@code bytes} against the budget; past it, the load fails with 54000 before the row is kept. */
    private void hold(String name, long bytes, int copied) throws SQLException {
        heldBytes += bytes;
        if (heldBytes > maxCopyBytes) {
            throw new OverBudget("the local engine holds at most " + maxCopyBytes + " bytes of copied rows (nlsql.maxResultBytes, "
                    + "counted as the copies occupy memory), and " + name + " passes it after " + copied + " rows");
        }
    }

    /** A load that would pass the copies' byte budget (54000). */
    public static final class OverBudget extends SQLException {
        private static final long serialVersionUID = 1L;

        OverBudget(String message) {
            super(message, SqlState.PROGRAM_LIMIT_EXCEEDED.code());
        }
    }

    private static SQLException tooManyRows(String name, int maxRows) {
        return new SQLException("the local engine copies at most " + maxRows + " rows into " + name + ", and the source has more",
                SqlState.PROGRAM_LIMIT_EXCEEDED.code());
    }

    /** Column {@code i} of the current row as the copy takes it (text read as text), refused when it would outgrow the engine's bounds. */
    private static Object copiedValue(ResultSet rows, int i, int kind, String table, ResultSetMetaData md) throws SQLException {
        Object value = kind == Types.VARCHAR ? rows.getString(i) : rows.getObject(i);
        checkCopied(table, md, i, value);
        return value;
    }

    /**
     * The source's NUMERIC(p, s) when it has one, else NUMERIC(1000, 500): never H2's unbounded NUMERIC, whose AVG
     * divides at 100,000 digits (5.6 s per group, uninterruptibly, measured on 2,000 rows). In a {@link CopyTable} the
     * values of an unconstrained column keep their own scale ({@link CopyLoad}), so a sum has PostgreSQL's scale (the
     * largest of its inputs) rather than 500 decimal places.
     */
    static String numericType(int precision, int scale) {
        if (hasTypmod(precision, scale)) {
            return "NUMERIC(" + precision + ", " + scale + ")";
        }
        return "NUMERIC(" + MAX_NUMBER_DIGITS + ", " + MAX_NUMBER_DIGITS / 2 + ")";
    }

    /** Whether the source's NUMERIC has a precision and scale of its own (else it is unconstrained, as PostgreSQL's {@code numeric}). */
    private static boolean hasTypmod(int precision, int scale) {
        return precision > 0 && precision <= MAX_NUMBER_DIGITS && scale >= 0 && scale <= precision;
    }

    /** Doubles each column array of a chunk, up to {@link #CHUNK_ROWS}. */
    private static void grow(Object[][] chunk) {
        for (int i = 0; i < chunk.length; i++) {
            chunk[i] = java.util.Arrays.copyOf(chunk[i], Math.min(CHUNK_ROWS, chunk[i].length * 2));
        }
    }

    private static void insertChunk(PreparedStatement ps, Object[][] chunk, int size) throws SQLException {
        for (int i = 0; i < chunk.length; i++) {
            ps.setObject(i + 1, size == chunk[i].length ? chunk[i] : java.util.Arrays.copyOf(chunk[i], size));
        }
        ps.executeUpdate();
        for (Object[] column : chunk) {
            java.util.Arrays.fill(column, null);
        }
    }

    /** Longest text value the copy takes: the local rules bound how much a statement can grow one, not where it starts. */
    static final int MAX_TEXT_CHARS = 32_768;
    /** Most digits (precision, or scale either way) of a copied number: H2 computes with it uninterruptibly. */
    static final int MAX_NUMBER_DIGITS = 1_000;

    /**
     * Data values are hostile too: a long text, a number with thousands of digits, or text that reads as a number
     * with a huge exponent ('1e7000000', then cast and added to) would let one value outgrow the engine's bounds, so
     * the copy refuses them and the fallback analysis fails with the reason, rather than analyse a changed copy.
     */
    private static void checkCopied(String table, ResultSetMetaData md, int column, Object value) throws SQLException {
        String why = null;
        if (value instanceof String text) {
            if (text.length() > MAX_TEXT_CHARS) {
                why = "a text of " + text.length() + " characters (the local engine takes at most " + MAX_TEXT_CHARS + ")";
            } else if (HugeNumbers.hasHugeExponent(text)) {
                why = "a text that reads as a number with a huge exponent";
            }
        } else if (value instanceof BigDecimal number
                && (number.precision() > MAX_NUMBER_DIGITS || Math.abs(number.scale()) > MAX_NUMBER_DIGITS)) {
            why = "a number of more than " + MAX_NUMBER_DIGITS + " digits";
        }
        if (why != null) {
            throw new SQLException("the fallback analysis cannot copy " + table + "." + md.getColumnLabel(column) + ": it holds " + why,
                    SqlState.PROGRAM_LIMIT_EXCEEDED.code());
        }
    }

    /** Indexes one copy may build: a join of a few tables needs a few; a statement comparing every column gets no more. */
    static final int MAX_INDEXES = 8;

    /**
     * Indexes the copied tables on the columns the (guarded) statement compares with '=' ({@link JoinColumns}):
     * H2 joins by nested loops, and without an index a join of 2 x 100,000 rows runs past 20 s; with one,
     * it is a lookup per row. Text that does not parse gets no index (the query then reports it).
     * Returns the table.column pairs indexed by this call.
     */
    public List<String> indexFor(String guardedSql) throws SQLException {
        net.sf.jsqlparser.statement.Statements parsed;
        try {
            parsed = dev.nlsql.internal.sql.SqlParsing.parse(guardedSql);
        } catch (dev.nlsql.internal.sql.SqlParsing.Unparseable e) {
            return List.of();
        }
        return parsed == null || parsed.size() != 1 ? List.of() : indexFor(parsed.get(0));
    }

    /** {@link #indexFor(String)} for a statement already parsed (a guarded statement's tree). */
    public List<String> indexFor(net.sf.jsqlparser.statement.Statement statement) throws SQLException {
        List<String> created = new ArrayList<>();
        for (JoinColumns.TableColumn c : JoinColumns.of(statement, columnsByTable, rowsByTable)) {
            String key = c.table() + "." + c.column();
            if (indexed.size() >= MAX_INDEXES) {
                break; // each index costs a pass over its table outside the watchdog: a bounded number of them
            }
            if (indexed.add(key)) {
                try (Statement s = admin.createStatement()) {
                    s.execute("CREATE INDEX ON " + quote(c.table()) + " (" + quote(c.column()) + ")");
                }
                created.add(key);
            }
        }
        return created;
    }

    /** The administrator's connection, which loads the copies: for tests of what it may not do either. */
    Connection admin() {
        return admin;
    }

    /** The connection the analysis runs on: read-only, and allowed only the copied tables. */
    public Connection reader() {
        return reader;
    }

    public List<String> tables() {
        return List.copyOf(tables);
    }

    /**
     * Runs the analysis's (guarded) query as the reader, bounded: {@code timeoutSeconds} and a work
     * budget of {@code workBytes} allocated by this thread (0: none) are enforced by a
     * {@link LocalWatchdog} that cancels the statement; at most {@code maxRows} rows and
     * {@code maxResultBytes} bytes (0: no cap) are read. The rows are read as plain JDBC values by
     * column type into memory, so nothing that holds them can reach the engine, and a column of any
     * other type (JAVA_OBJECT, OTHER, GEOMETRY, JSON, arrays, rows, intervals, binaries) is refused
     * with NL003 before a value is read. A cancelled statement fails with 57014 (time) or 54000 (work).
     * First the copies get indexes on the columns the statement compares with '=' ({@link #indexFor(String)}),
     * and the text is put in H2's dialect ({@link LocalDialect#toH2}).
     */
    public ResultSet query(String sql, int maxRows, int timeoutSeconds, long workBytes, long maxResultBytes) throws SQLException {
        indexFor(sql);
        return run(sql, maxRows, timeoutSeconds, workBytes, maxResultBytes);
    }

    /** As {@link #query(String, int, int, long, long)} for a statement the guard passed: its tree is not parsed again. */
    public ResultSet query(GuardedSql guarded, int maxRows, int timeoutSeconds, long workBytes, long maxResultBytes) throws SQLException {
        indexFor(guarded.ast());
        return run(guarded.sql(), maxRows, timeoutSeconds, workBytes, maxResultBytes);
    }

    private ResultSet run(String sql, int maxRows, int timeoutSeconds, long workBytes, long maxResultBytes) throws SQLException {
        String h2Sql = LocalDialect.toH2(sql, pgAvg);
        try (Statement s = reader.createStatement()) {
            s.setQueryTimeout(timeoutSeconds);
            s.setMaxRows(maxRows);
            try (LocalWatchdog watchdog = new LocalWatchdog(s, timeoutSeconds * 1000L, workBytes)) {
                try {
                    return CountedRows.copy(plain(s.executeQuery(h2Sql)), maxResultBytes > 0 ? maxResultBytes : Long.MAX_VALUE);
                } catch (SQLException e) {
                    if (watchdog.reason() == LocalWatchdog.Reason.WORK) {
                        throw new SQLException("The local analysis did more work than its budget (" + (workBytes >> 20)
                                + " MB allocated) and was cancelled: ask for less", SqlState.PROGRAM_LIMIT_EXCEEDED.code(), e);
                    }
                    if (watchdog.reason() == LocalWatchdog.Reason.TIME) {
                        throw new SQLTimeoutException("The local analysis ran longer than nlsql.queryTimeoutSeconds (" + timeoutSeconds
                                + " s) and was cancelled", SqlState.QUERY_CANCELED.code(), e);
                    }
                    throw outOfResources(e);
                }
            }
        }
    }

    /** H2 reports a StackOverflowError or OutOfMemoryError it caught as a general error: 54001 or 54000 here. */
    private static SQLException outOfResources(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StackOverflowError) {
                return new SQLException("The local analysis nested deeper than the thread's stack", SqlState.STATEMENT_TOO_COMPLEX.code(), e);
            }
            if (t instanceof OutOfMemoryError || (t instanceof SQLException s && s.getErrorCode() == H2_OUT_OF_MEMORY)) {
                return new SQLException("The local analysis ran out of memory", SqlState.PROGRAM_LIMIT_EXCEEDED.code(), e);
            }
        }
        return e;
    }

    /** A view of H2's rows whose getObject reads each column by its type as a plain JDBC value; other types are refused. */
    private static ResultSet plain(ResultSet rows) throws SQLException {
        ResultSetMetaData md = rows.getMetaData();
        int[] types = new int[md.getColumnCount() + 1];
        for (int i = 1; i < types.length; i++) {
            types[i] = md.getColumnType(i);
            if (!PLAIN_TYPES.contains(types[i])) {
                SQLException refused = new SQLException("The local analysis returned a column of type " + md.getColumnTypeName(i) + " ("
                        + md.getColumnLabel(i) + "): only text, numbers, booleans, dates and times are handed back",
                        NlSqlState.UNSAFE_SQL.code());
                rows.close();
                throw refused;
            }
        }
        return (ResultSet) java.lang.reflect.Proxy.newProxyInstance(LocalCopy.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getObject") && args.length == 1) {
                        int i = args[0] instanceof Integer n ? n : rows.findColumn((String) args[0]);
                        return plainValue(rows, i, types[i]);
                    }
                    if (method.getName().startsWith("getObject") || method.getName().startsWith("unwrap")) {
                        throw new SQLFeatureNotSupportedException("the local analysis hands back plain values only");
                    }
                    try {
                        return method.invoke(rows, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** JDBC types whose values are plain: text, numbers, booleans, dates, times, and the type of NULL. */
    private static final java.util.Set<Integer> PLAIN_TYPES = java.util.Set.of(Types.BIT, Types.BOOLEAN, Types.TINYINT, Types.SMALLINT,
            Types.INTEGER, Types.BIGINT, Types.NUMERIC, Types.DECIMAL, Types.REAL, Types.FLOAT, Types.DOUBLE, Types.CHAR, Types.VARCHAR,
            Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.DATE, Types.TIME, Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE,
            Types.NULL);

    private static Object plainValue(ResultSet rows, int i, int type) throws SQLException {
        Object value = switch (type) {
            case Types.BIT, Types.BOOLEAN -> rows.getBoolean(i);
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> rows.getInt(i);
            case Types.BIGINT -> rows.getLong(i);
            case Types.NUMERIC, Types.DECIMAL -> rows.getBigDecimal(i);
            case Types.REAL -> rows.getFloat(i);
            case Types.FLOAT, Types.DOUBLE -> rows.getDouble(i);
            case Types.DATE -> rows.getDate(i);
            case Types.TIME -> rows.getTime(i);
            case Types.TIMESTAMP -> rows.getTimestamp(i);
            case Types.TIMESTAMP_WITH_TIMEZONE -> rows.getObject(i, java.time.OffsetDateTime.class);
            case Types.NULL -> null;
            default -> rows.getString(i);
        };
        return rows.wasNull() ? null : value;
    }

    /** JDBC types kept as they are; everything else is copied as text. */
    private static int kind(int jdbcType) {
        return switch (jdbcType) {
            case Types.BIT, Types.BOOLEAN -> Types.BOOLEAN;
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> Types.INTEGER;
            case Types.BIGINT -> Types.BIGINT;
            case Types.NUMERIC, Types.DECIMAL -> Types.NUMERIC;
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> Types.DOUBLE;
            case Types.DATE -> Types.DATE;
            case Types.TIMESTAMP -> Types.TIMESTAMP;
            case Types.TIMESTAMP_WITH_TIMEZONE -> Types.TIMESTAMP_WITH_TIMEZONE;
            default -> Types.VARCHAR;
        };
    }

    private static String typeName(int kind) {
        return switch (kind) {
            case Types.BOOLEAN -> "BOOLEAN";
            case Types.INTEGER -> "INTEGER";
            case Types.BIGINT -> "BIGINT";
            case Types.NUMERIC -> "NUMERIC";
            case Types.DOUBLE -> "DOUBLE PRECISION";
            case Types.DATE -> "DATE";
            case Types.TIMESTAMP -> "TIMESTAMP";
            case Types.TIMESTAMP_WITH_TIMEZONE -> "TIMESTAMP WITH TIME ZONE";
            default -> "CHARACTER VARYING";
        };
    }

    /** A name as H2 reads it, case kept (a class name). */
    private static String quoteName(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static String quote(String identifier) {
        return "\"" + identifier.toLowerCase(Locale.ROOT).replace("\"", "\"\"") + "\"";
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
        try {
            admin.close(); // the in-memory database goes with its last connection
        } catch (SQLException ignored) {
            // closing anyway
        }
    }
}
