package dev.nlsql.internal.jdbc;

import java.sql.SQLException;
import java.sql.Wrapper;
import java.util.Objects;

/**
 * The common part of every delegating JDBC object: the delegate, and {@link Wrapper} methods
 * that find this object, the delegate, or whatever the delegate itself wraps.
 */
public abstract class DelegatingWrapper<T extends Wrapper> implements Wrapper {

    protected final T delegate;
    /** What callers are handed of this object: itself, or the proxy {@link DriverInterfaces} made for it. */
    private volatile Wrapper facade = this;

    protected DelegatingWrapper(T delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The wrapped object. */
    public T delegate() {
        return delegate;
    }

    /** This object as callers see it: the proxy that also implements the delegate's own interfaces, or itself. */
    public Wrapper facade() {
        return facade;
    }

    void facade(Wrapper proxy) {
        this.facade = proxy;
    }

    @Override
    public <U> U unwrap(Class<U> iface) throws SQLException {
        if (iface.isInstance(this)) {
            // java.sql types: what the application holds; nlsql's own classes: the wrapper
            return iface.cast(iface.isInstance(facade) ? facade : this);
        }
        // the real driver's own types reach the real driver, as callers that unwrap to bypass nlsql expect
        if (iface.isInstance(delegate)) {
            return iface.cast(delegate);
        }
        return delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(delegate) || delegate.isWrapperFor(iface);
    }
}
