package dev.nlsql.internal.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import dev.nlsql.internal.log.Logs;

/**
 * Lets a wrapper pass the casts applications make to the wrapped driver's own interfaces
 * ({@code (PGConnection) conn}, {@code (PGStatement) ps}, {@code (BaseConnection) conn}): a
 * {@link Proxy} over the wrapper's interfaces and every public interface of the delegate's class.
 * Methods of the wrapper's interfaces (java.sql) run on the wrapper, with nlsql's behaviour; the
 * rest run on the delegate. Without such interfaces (H2, MariaDB, or no pgjdbc on the class
 * path) the wrapper itself is handed out. The approach is the AWS Advanced JDBC Wrapper's. For pgjdbc's
 * own classes a generated subclass ({@link DriverSubclasses}) takes the proxy's place, with the same
 * handler, so that casts to the classes ({@code (PgConnection) conn}) pass as well.
 */
public final class DriverInterfaces {

    private static final Logger LOG = Logs.get(DriverInterfaces.class);

    /**
     * What is handed out for a wrapper class over a delegate class, decided once per pair (by {@link #decide}): the wrapper
     * itself when {@code interfaces} is empty, else an instance of {@code subclass}, or a proxy over {@code interfaces} when
     * there is no subclass.
     */
    private record Exposure(Class<?>[] interfaces, DriverSubclasses.Subclass subclass) {
        static final Exposure WRAPPER = new Exposure(new Class<?>[0], null);
    }

    private static final Map<List<Class<?>>, Exposure> EXPOSURES = new ConcurrentHashMap<>();

    private DriverInterfaces() {
    }

    private static final java.util.concurrent.atomic.AtomicBoolean WARMING = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Starts generating the classes handed out for pgjdbc's connection and statements on a daemon thread, once per JVM:
     * the first {@code jdbc:nlsql:postgresql:} connection calls it before it opens its physical connection, so that the
     * one-time cost of generating them (ByteBuddy's start, a few hundred ms) overlaps the connect instead of following it.
     * {@code wrappers[i]} wraps the class named {@code delegates[i]}; a class not on the class path is skipped.
     */
    public static void warmUp(Class<?>[] wrappers, String[] delegates) {
        if (!WARMING.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> {
            for (int i = 0; i < wrappers.length; i++) {
                try {
                    exposure(wrappers[i], Class.forName(delegates[i], false, DriverInterfaces.class.getClassLoader()));
                } catch (ClassNotFoundException | LinkageError notHere) {
                    LOG.debug("no warm-up for {}: {}", delegates[i], notHere.toString());
                }
            }
        }, "nlsql-class-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The object to hand out for {@code wrapper}: a subclass of pgjdbc's class or a proxy that also
     * implements the delegate's own public interfaces, or the wrapper when there are none. The wrapper
     * learns what it was handed out as, so that what it hands back ({@code getStatement()}, {@code getConnection()}, {@code unwrap}) is the proxy.
     * The driver's own methods that take or reach SQL text ({@link DriverSqlMethods}) meet {@code gate} first.
     */
    public static <T extends Wrapper> T expose(Class<T> type, DelegatingWrapper<?> wrapper, DriverSqlGate gate) {
        Exposure how = exposure(wrapper.getClass(), wrapper.delegate().getClass());
        if (how.interfaces().length == 0) {
            return type.cast(wrapper);
        }
        T facade;
        if (how.subclass() != null) {
            facade = type.cast(how.subclass().create(wrapper.delegate(), new Handler(wrapper, how.subclass()::closing, gate)));
        } else {
            try {
                facade = type.cast(Proxy.newProxyInstance(wrapper.delegate().getClass().getClassLoader(), how.interfaces(),
                        new Handler(wrapper, f -> false, gate)));
            } catch (IllegalArgumentException conflictingInterfaces) {
                LOG.debug("{} is handed out without the interfaces of {}", wrapper.getClass().getSimpleName(),
                        wrapper.delegate().getClass().getName(), conflictingInterfaces);
                EXPOSURES.put(List.of(wrapper.getClass(), wrapper.delegate().getClass()), Exposure.WRAPPER);
                return type.cast(wrapper);
            }
        }
        wrapper.facade(facade);
        return facade;
    }

    /**
     * The methods of what is handed out for {@code wrapperClass} over {@code delegateClass} that run on the delegate: the
     * proxy's interface methods no java.sql interface of the wrapper declares, and, for a subclass, every method of
     * pgjdbc's class it overrides that way. Empty when the wrapper itself is handed out. For the review of those that
     * take SQL text ({@link DriverSqlMethods}).
     */
    static List<Method> delegateRouted(Class<?> wrapperClass, Class<?> delegateClass) {
        Exposure how = exposure(wrapperClass, delegateClass);
        List<Method> candidates = new ArrayList<>();
        for (Class<?> i : how.interfaces()) {
            candidates.addAll(Arrays.asList(i.getMethods()));
        }
        if (how.interfaces().length > 0 && how.subclass() != null) {
            for (Class<?> c = delegateClass; c != Object.class; c = c.getSuperclass()) {
                for (Method m : c.getDeclaredMethods()) {
                    int mod = m.getModifiers();
                    if (!Modifier.isStatic(mod) && !Modifier.isFinal(mod) && !Modifier.isPrivate(mod) && !m.isSynthetic()) {
                        candidates.add(m);
                    }
                }
            }
        }
        List<Method> routed = new ArrayList<>();
        for (Method m : candidates) {
            if (!Modifier.isStatic(m.getModifiers()) && !Handler.route(wrapperClass, m).onWrapper()) {
                routed.add(m);
            }
        }
        return routed;
    }

    private static Exposure exposure(Class<?> wrapperClass, Class<?> delegateClass) {
        return EXPOSURES.computeIfAbsent(List.of(wrapperClass, delegateClass), DriverInterfaces::decide);
    }

    /** The one place that decides between the wrapper itself, a subclass of the driver's class, and a proxy. */
    private static Exposure decide(List<Class<?>> wrapperAndDelegate) {
        Class<?>[] interfaces = interfaces(wrapperAndDelegate);
        if (interfaces.length == 0) {
            return Exposure.WRAPPER;
        }
        Class<?> wrapperClass = wrapperAndDelegate.get(0);
        return new Exposure(interfaces,
                DriverSubclasses.generate(wrapperAndDelegate.get(1), ownInterfaces(interfaces, wrapperClass)).orElse(null));
    }

    /** The leading part of {@code interfaces} that the wrapper implements. */
    private static Class<?>[] ownInterfaces(Class<?>[] interfaces, Class<?> wrapperClass) {
        return Arrays.stream(interfaces).filter(i -> i.isAssignableFrom(wrapperClass)).toArray(Class<?>[]::new);
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

    /**
     * java.sql methods to the wrapper, the driver's own to the delegate; identity is the handed-out
     * object's. A method is the wrapper's when one of the wrapper's interfaces declares it (by name and
     * parameters), whether it comes from a proxy's interface or a subclass's pgjdbc class.
     */
    static final class Handler implements InvocationHandler {

        /** Per wrapper class and called method: the wrapper's interface method, or the method made callable on the delegate. */
        private static final Map<List<Object>, Route> ROUTES = new ConcurrentHashMap<>();

        /** {@code gated}: a driver method that takes or reaches SQL text, which meets the gate before it runs on the delegate. */
        private record Route(boolean onWrapper, Method method, boolean gated) {
        }

        private final DelegatingWrapper<?> wrapper;
        private final Predicate<Object> closing;
        private final DriverSqlGate gate;

        /**
         * @param closing whether pgjdbc's final {@code PgStatement.close()} has begun on the handed-out
         *                object; its steps (cancel, closeForNextExecution, closeImpl) then become the
         *                wrapper's close, so that nlsql's close runs and a statement's close cancels
         *                nothing else
         */
        Handler(DelegatingWrapper<?> wrapper, Predicate<Object> closing, DriverSqlGate gate) {
            this.wrapper = wrapper;
            this.closing = closing;
            this.gate = gate;
        }

        @Override
        public Object invoke(Object facade, Method method, Object[] args) throws Throwable {
            int arity = method.getParameterCount();
            switch (method.getName()) {
                case "equals" -> {
                    if (arity == 1 && method.getParameterTypes()[0] == Object.class) {
                        return facade == args[0];
                    }
                }
                case "hashCode" -> {
                    if (arity == 0) {
                        return System.identityHashCode(facade);
                    }
                }
                case "toString" -> {
                    if (arity == 0) {
                        return wrapper.toString();
                    }
                }
                case "clone" -> {
                    if (arity == 0) {
                        throw new CloneNotSupportedException();
                    }
                }
                case "cancel", "closeForNextExecution", "closeImpl" -> {
                    if (arity == 0 && closing.test(facade)) {
                        if (method.getName().equals("closeImpl")) {
                            ((AutoCloseable) wrapper).close();
                        }
                        return null;
                    }
                }
                default -> {
                }
            }
            Route route = ROUTES.computeIfAbsent(List.of(wrapper.getClass(), method), k -> route(wrapper.getClass(), method));
            if (route.gated()) {
                gate.admit(method.getDeclaringClass().getSimpleName() + "." + DriverSqlMethods.key(method));
            }
            Object delegate = wrapper.delegate();
            Object target = route.onWrapper() ? wrapper : delegate;
            Object result;
            try {
                result = route.method().invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return target == delegate && result == delegate ? facade : result; // unwrap alone may hand out the delegate
        }

        private static Route route(Class<?> wrapperClass, Method method) {
            Set<Class<?>> own = new LinkedHashSet<>();
            collect(wrapperClass, own);
            for (Class<?> i : own) {
                if (Modifier.isPublic(i.getModifiers())) {
                    try {
                        return new Route(true, i.getMethod(method.getName(), method.getParameterTypes()), false);
                    } catch (NoSuchMethodException notThisInterface) {
                        // the next one
                    }
                }
            }
            if (method.getName().equals("getPGConnection") && method.getParameterCount() == 0
                    && java.sql.Statement.class.isAssignableFrom(wrapperClass)) {
                try { // the connection the application holds, not pgjdbc's own, as getConnection()
                    return new Route(true, java.sql.Statement.class.getMethod("getConnection"), false);
                } catch (NoSuchMethodException inJavaSql) {
                    throw new IllegalStateException(inJavaSql);
                }
            }
            if (!Modifier.isPublic(method.getModifiers()) || !Modifier.isPublic(method.getDeclaringClass().getModifiers())) {
                method.setAccessible(true); // pgjdbc's package-private and protected methods, called on the subclass
            }
            return new Route(false, method, DriverSqlMethods.gated(method));
        }
    }
}
