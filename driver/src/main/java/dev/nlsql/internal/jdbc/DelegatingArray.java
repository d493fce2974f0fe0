package dev.nlsql.internal.jdbc;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Objects;

/**
 * Forwards every {@link Array} method to a delegate; the result sets it makes pass through
 * {@link #resultSet(ResultSet)}, so that a subclass can make them lead back to its connection.
 * {@link Array} is no {@link java.sql.Wrapper}; this one is, so that {@code ((Wrapper) array).unwrap(PgArray.class)}
 * reaches the real driver's array (as {@link #delegate()} does), and the delegating statements and result sets hand the
 * delegate itself to the real driver ({@link #unwrap(Object)}).
 */
public abstract class DelegatingArray implements Array, java.sql.Wrapper {

    protected final Array delegate;

    protected DelegatingArray(Array delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The wrapped array. */
    public Array delegate() {
        return delegate;
    }

    /** The real driver's array for a wrapped one, any other value as it is: what a parameter setter hands the real driver. */
    public static Object unwrap(Object value) {
        return value instanceof DelegatingArray a ? a.delegate : value;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        if (type.isInstance(delegate)) {
            return type.cast(delegate);
        }
        if (delegate instanceof java.sql.Wrapper w) {
            return w.unwrap(type);
        }
        throw new SQLException("Not a wrapper for " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || type.isInstance(delegate)
                || delegate instanceof java.sql.Wrapper w && w.isWrapperFor(type);
    }

    /** Every result set {@code getResultSet} returns passes through here. */
    protected ResultSet resultSet(ResultSet rs) throws SQLException {
        return rs;
    }

    @Override
    public String getBaseTypeName() throws SQLException {
        return delegate.getBaseTypeName();
    }

    @Override
    public int getBaseType() throws SQLException {
        return delegate.getBaseType();
    }

    @Override
    public Object getArray() throws SQLException {
        return delegate.getArray();
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) throws SQLException {
        return delegate.getArray(map);
    }

    @Override
    public Object getArray(long index, int count) throws SQLException {
        return delegate.getArray(index, count);
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return delegate.getArray(index, count, map);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return resultSet(delegate.getResultSet());
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        return resultSet(delegate.getResultSet(map));
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        return resultSet(delegate.getResultSet(index, count));
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return resultSet(delegate.getResultSet(index, count, map));
    }

    @Override
    public void free() throws SQLException {
        delegate.free();
    }

    /** The delegate's text: drivers that bind an array of another driver as text (pgjdbc does) read this. */
    @Override
    public String toString() {
        return delegate.toString();
    }
}
