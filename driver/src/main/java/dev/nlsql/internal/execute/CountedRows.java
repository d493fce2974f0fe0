package dev.nlsql.internal.execute;

import dev.nlsql.internal.SqlState;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.rowset.CachedRowSet;
import javax.sql.rowset.RowSetProvider;

/**
 * The byte cap ({@code nlsql.maxResultBytes}) for drivers other than pgjdbc: the rows stream from
 * the driver (a fetch size above 0) and are copied into a {@link CachedRowSet} through a view that
 * counts every value's size and stops the copy past the cap, so memory stays within the cap plus
 * one fetch. The copy outlives the read-only transaction, as an answer must.
 */
final class CountedRows {

    private CountedRows() {
    }

    static ResultSet copy(ResultSet streamed, long maxBytes) throws SQLException {
        try (streamed) {
            CachedRowSet copy = RowSetProvider.newFactory().createCachedRowSet();
            copy.populate(counting(streamed, maxBytes));
            return copy;
        }
    }

    private static ResultSet counting(ResultSet rs, long maxBytes) {
        InvocationHandler handler = new InvocationHandler() {
            private long total;
            private int rows;

            @Override
            public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
                Object value;
                try {
                    value = method.invoke(rs, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
                if (method.getName().equals("next") && Boolean.TRUE.equals(value)) {
                    rows++;
                } else if (method.getName().startsWith("get") && args != null && args.length >= 1) {
                    total += size(value);
                    if (total > maxBytes) {
                        throw new SQLException("The answer's rows are larger than nlsql.maxResultBytes (" + maxBytes + " bytes; "
                                + (rows - 1) + " rows read so far): ask for fewer rows or columns, or raise nlsql.maxResultBytes",
                                SqlState.PROGRAM_LIMIT_EXCEEDED.code());
                    }
                }
                return value;
            }
        };
        return (ResultSet) Proxy.newProxyInstance(CountedRows.class.getClassLoader(), new Class<?>[] {ResultSet.class}, handler);
    }

    private static long size(Object value) {
        if (value instanceof CharSequence s) {
            return 2L * s.length();
        }
        if (value instanceof byte[] b) {
            return b.length;
        }
        return 16;
    }
}
