package dev.nlsql.internal.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import dev.nlsql.internal.log.Logs;

/**
 * Lets a wrapper pass the casts applications make to the wrapped driver's own interfaces
 * ({@code (PGConnection) conn}, {@code (PGStatement) ps}, {@code (BaseConnection) conn}): a
 * {@link Proxy} over the wrapper's interfaces and every public interface of the delegate's class.
 * Methods of the wrapper's interfaces (java.sql) run on the wrapper, with nlsql's behaviour; the
 * rest run on the delegate. Without such interfaces (H2, MariaDB, or no pgjdbc on the class
 * path) the wrapper itself is handed out. The approach is the AWS Advanced JDBC Wrapper's.
 */
public final class DriverInterfaces {

    private static final Logger LOG = Logs.get(DriverInterfaces.class);

    /** Proxy interfaces per wrapper class and delegate class; an empty array: no proxy. */
    private static final Map<List<Class<?>>, Class<?>[]> INTERFACES = new ConcurrentHashMap<>();

    private DriverInterfaces() {
    }

    /**
     * The object to hand out for {@code wrapper}: a proxy that also implements the delegate's own
     * public interfaces, or the wrapper when there are none. The wrapper learns its proxy, so that
     * what it hands back ({@code getStatement()}, {@code getConnection()}, {@code unwrap}) is the proxy.
     */
    public static <T extends Wrapper> T expose(Class<T> type, DelegatingWrapper<?> wrapper) {
        Class<?>[] interfaces = INTERFACES.computeIfAbsent(
                List.of(wrapper.getClass(), wrapper.delegate().getClass()), DriverInterfaces::interfaces);
        if (interfaces.length == 0) {
            return type.cast(wrapper);
        }
        T proxy;
        try {
            proxy = type.cast(Proxy.newProxyInstance(wrapper.delegate().getClass().getClassLoader(), interfaces,
                    new Handler(wrapper)));
        } catch (IllegalArgumentException conflictingInterfaces) {
            LOG.debug("{} is handed out without the interfaces of {}", wrapper.getClass().getSimpleName(),
                    wrapper.delegate().getClass().getName(), conflictingInterfaces);
            INTERFACES.put(List.of(wrapper.getClass(), wrapper.delegate().getClass()), new Class<?>[0]);
            return type.cast(wrapper);
        }
        wrapper.facade(proxy);
        return proxy;
    }

    /** The wrapper's interfaces followed by the delegate's public ones it lacks; empty when it lacks none. */
    private static Class<?>[] interfaces(List<Class<?>> wrapperAndDelegate) {
        Class<?> wrapperClass = wrapperAndDelegate.get(0);
        Set<Class<?>> own = new LinkedHashSet<>();
        collect(wrapperClass, own);
        List<Class<?>> extra = new ArrayList<>();
        Set<Class<?>> theirs = new LinkedHashSet<>();
        collect(wrapperAndDelegate.get(1), theirs);
        ClassLoader loader = wrapperAndDelegate.get(1).getClassLoader();
        for (Class<?> i : theirs) {
            if (!i.isAssignableFrom(wrapperClass) && Modifier.isPublic(i.getModifiers()) && visible(i, loader)) {
                extra.add(i);
            }
        }
        if (extra.isEmpty()) {
            return new Class<?>[0];
        }
        List<Class<?>> all = new ArrayList<>();
        for (Class<?> i : own) {
            if (Modifier.isPublic(i.getModifiers())) {
                all.add(i); // first, so that a method both declare resolves to the wrapper's interface
            }
        }
        all.addAll(extra);
        return all.toArray(new Class<?>[0]);
    }

    private static void collect(Class<?> type, Set<Class<?>> into) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (into.add(i)) {
                    collect(i, into);
                }
            }
        }
    }

    /** A proxy's interfaces must be visible by name from its class loader. */
    private static boolean visible(Class<?> type, ClassLoader loader) {
        try {
            return Class.forName(type.getName(), false, loader) == type;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** java.sql methods to the wrapper, the driver's own to the delegate; identity is the proxy's. */
    private static final class Handler implements InvocationHandler {

        private final DelegatingWrapper<?> wrapper;

        Handler(DelegatingWrapper<?> wrapper) {
            this.wrapper = wrapper;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> wrapper.toString();
                };
            }
            Object delegate = wrapper.delegate();
            Object target = method.getDeclaringClass().isInstance(wrapper) ? wrapper : delegate;
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return target == delegate && result == delegate ? proxy : result; // unwrap alone may hand out the delegate
        }
    }
}
