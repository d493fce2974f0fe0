package dev.nlsql.internal.execute;

import dev.nlsql.internal.SqlState;
import java.lang.reflect.Field;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.core.BaseStatement;
import org.postgresql.core.Query;
import org.postgresql.core.Tuple;
import org.postgresql.jdbc.PgResultSet;

/**
 * Reads a guarded statement's rows with a byte cap ({@code nlsql.maxResultBytes}) and hands back
 * pgjdbc's own kind of result set, so every getter and the column descriptions stay exactly
 * pgjdbc's. The rows are streamed through a cursor (fetch size 1 first, then as many rows as fit
 * a quarter of the cap at the largest row seen), each row's bytes counted as it arrives, and the
 * read stops as soon as the total passes the cap: memory stays within the cap plus one row.
 *
 * <p>pgjdbc is optional for nlsql: this class is loaded only when the statement is pgjdbc's, and
 * the fields it reads are looked up reflectively (they are protected), so without them the rows
 * are read the ordinary way.
 */
final class PgjdbcRows {

    /** Row count of one fetch once row sizes are known: enough to keep round trips few. */
    private static final int MAX_FETCH = 1000;
    private static final Field THIS_ROW = field("thisRow");
    private static final Field FIELDS = field("fields");
    private static final Field ORIGINAL_QUERY = field("originalQuery");

    private PgjdbcRows() {
    }

    private static Field field(String name) {
        try {
            Field f = PgResultSet.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** True when the statement is pgjdbc's and its rows can be read capped. */
    static boolean applies(PreparedStatement statement) {
        try {
            return THIS_ROW != null && FIELDS != null && ORIGINAL_QUERY != null && statement.isWrapperFor(BaseStatement.class);
        } catch (SQLException | LinkageError e) {
            return false;
        }
    }

    /** Reads every row of {@code streamed} (a cursor inside the transaction) into a result set of its own. */
    static ResultSet readCapped(PreparedStatement statement, ResultSet streamed, long maxBytes) throws SQLException {
        try (streamed) {
            PgResultSet pg = streamed.unwrap(PgResultSet.class);
            List<Tuple> rows = new ArrayList<>();
            long total = 0;
            long largest = 1;
            while (streamed.next()) {
                Tuple row = (Tuple) read(THIS_ROW, pg);
                long size = row.length() + 16L * row.fieldCount();
                total += size;
                if (total > maxBytes) {
                    throw new SQLException("The answer's rows are larger than nlsql.maxResultBytes (" + maxBytes + " bytes; "
                            + rows.size() + " rows read so far): ask for fewer rows or columns, or raise nlsql.maxResultBytes",
                            SqlState.PROGRAM_LIMIT_EXCEEDED.code());
                }
                rows.add(row);
                if (size > largest || rows.size() == 1) {
                    largest = Math.max(largest, size);
                    streamed.setFetchSize((int) Math.max(1, Math.min(MAX_FETCH, maxBytes / 4 / largest)));
                }
            }
            org.postgresql.core.Field[] fields = (org.postgresql.core.Field[]) read(FIELDS, pg);
            Query query = (Query) read(ORIGINAL_QUERY, pg);
            return statement.unwrap(BaseStatement.class).createResultSet(query, fields, rows, null);
        }
    }

    private static Object read(Field f, Object target) throws SQLException {
        try {
            return f.get(target);
        } catch (IllegalAccessException e) {
            throw new SQLException("cannot read pgjdbc's " + f.getName(), SqlState.INTERNAL_ERROR.code(), e);
        }
    }
}
