package dev.nlsql.internal.execute;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;

/**
 * The fallback analysis's embedded engine: an in-memory H2 database (optional dependency) holding
 * capped copies of a few tables. It has no files (in-memory, gone with its last connection) and
 * the analysis runs as a user that may only read the copied tables: H2 keeps files, CSV, linked
 * tables and Java functions to administrators. Identifiers fold to lower case as in PostgreSQL.
 */
public final class LocalCopy implements AutoCloseable {

    private static final String READER = "NLSQL_READER";

    private final Connection admin;
    private final Connection reader;
    private final List<String> tables = new ArrayList<>();

    private LocalCopy(Connection admin, Connection reader) {
        this.admin = admin;
        this.reader = reader;
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

    public static LocalCopy create(int maxMemoryRows) throws SQLException {
        String url = "jdbc:h2:mem:nlsql_fallback_" + UUID.randomUUID().toString().replace("-", "");
        String settings = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=0;MAX_MEMORY_ROWS=" + maxMemoryRows;
        org.h2.Driver driver = new org.h2.Driver(); // not DriverManager: the host's class loader may not see H2 as a service
        Connection admin = driver.connect(url + settings, credentials("sa", "")); // the reader joins the open database as it is
        try {
            byte[] secret = new byte[16];
            new SecureRandom().nextBytes(secret);
            String password = HexFormat.of().formatHex(secret);
            try (Statement s = admin.createStatement()) {
                s.execute("CREATE USER " + READER + " PASSWORD '" + password + "'");
            }
            Connection reader = driver.connect(url, credentials(READER, password));
            reader.setReadOnly(true);
            return new LocalCopy(admin, reader);
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
        ResultSetMetaData md = rows.getMetaData();
        int n = md.getColumnCount();
        List<String> columns = new ArrayList<>();
        List<Integer> kinds = new ArrayList<>();
        StringBuilder create = new StringBuilder("CREATE TABLE ").append(quote(name)).append(" (");
        for (int i = 1; i <= n; i++) {
            String column = md.getColumnLabel(i);
            int kind = kind(md.getColumnType(i));
            columns.add(quote(column));
            kinds.add(kind);
            create.append(i == 1 ? "" : ", ").append(quote(column)).append(' ').append(typeName(kind));
        }
        create.append(')');
        try (Statement s = admin.createStatement()) {
            s.execute(create.toString());
            s.execute("GRANT SELECT ON " + quote(name) + " TO " + READER);
        }
        tables.add(name);
        String insert = "INSERT INTO " + quote(name) + " (" + String.join(", ", columns) + ") VALUES ("
                + "?, ".repeat(n - 1) + "?)";
        int copied = 0;
        try (PreparedStatement ps = admin.prepareStatement(insert)) {
            while (rows.next()) {
                for (int i = 1; i <= n; i++) {
                    ps.setObject(i, kinds.get(i - 1) == Types.VARCHAR ? rows.getString(i) : rows.getObject(i));
                }
                ps.addBatch();
                if (++copied % 500 == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
        return copied;
    }

    /** The connection the analysis runs on: read-only, and allowed only the copied tables. */
    public Connection reader() {
        return reader;
    }

    public List<String> tables() {
        return List.copyOf(tables);
    }

    /** The analysis's rows; closing them closes the copy (and its in-memory database). */
    public static ResultSet closingWith(ResultSet rows, LocalCopy copy) {
        return (ResultSet) java.lang.reflect.Proxy.newProxyInstance(LocalCopy.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close") && method.getParameterCount() == 0) {
                        try {
                            return method.invoke(rows);
                        } finally {
                            copy.close();
                        }
                    }
                    try {
                        return method.invoke(rows, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
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
