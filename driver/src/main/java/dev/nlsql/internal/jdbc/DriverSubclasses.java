package dev.nlsql.internal.jdbc;

import static net.bytebuddy.matcher.ElementMatchers.isFinalizer;
import static net.bytebuddy.matcher.ElementMatchers.isFinal;
import static net.bytebuddy.matcher.ElementMatchers.isVirtual;
import static net.bytebuddy.matcher.ElementMatchers.not;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.NamingStrategy;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.InvocationHandlerAdapter;
import org.objenesis.ObjenesisStd;
import org.objenesis.instantiator.ObjectInstantiator;
import org.slf4j.Logger;
import dev.nlsql.internal.log.Logs;

/**
 * Subclasses of pgjdbc's concrete classes ({@code PgConnection}, {@code PgStatement}, ...) whose every
 * overridable method goes to the handler they are made with (the one {@link DriverInterfaces}' proxies use), so that casts to
 * those classes ({@code (PgConnection) conn}, {@code instanceof PgConnection}) pass. The class is
 * defined in pgjdbc's own package, so package-private methods are overridden too, and instances are
 * made without running pgjdbc's constructor: their own fields stay empty, and everything reaches the
 * wrapper or the delegate through the handler. A final method cannot be overridden: the class is only
 * made when each public final method of the hierarchy is one this class knows to be harmless here
 * ({@link #HANDLED_FINALS}); the non-public ones are reachable only from pgjdbc's own package.
 */
final class DriverSubclasses {

    private static final Logger LOG = Logs.get(DriverSubclasses.class);
    private static final String HANDLER_FIELD = "nlsqlHandler";
    private static final String PGJDBC = "org.postgresql.";

    /**
     * The public final methods of pgjdbc's classes, and why each is harmless on an instance whose own
     * fields are empty: {@code PgStatement.close()} runs {@code cancel()}, {@code closeForNextExecution()}
     * and {@code closeImpl()}, which the handler turns into the wrapper's close ({@code DriverInterfaces.Handler});
     * {@code PgConnection.getParameterStatus(es)} read the query executor, which the instance shares with
     * its delegate ({@link #SHARED_FIELDS}).
     */
    private static final Set<String> HANDLED_FINALS = Set.of(
            "org.postgresql.jdbc.PgStatement.close()",
            "org.postgresql.jdbc.PgConnection.getParameterStatuses()",
            "org.postgresql.jdbc.PgConnection.getParameterStatus(java.lang.String)");
    /** Fields a final method reads, copied from the delegate: declaring class, field name. */
    private static final Map<String, String> SHARED_FIELDS = Map.of("org.postgresql.jdbc.PgConnection", "queryExecutor");
    /** The class whose own closed flag its final {@code close()} sets before it runs its steps. */
    private static final String STATEMENT = "org.postgresql.jdbc.PgStatement";

    private DriverSubclasses() {
    }

    /** A generated class: how to make an instance, set its handler, and fill the fields it shares. */
    record Subclass(ObjectInstantiator<?> instantiator, VarHandle handler, List<Field> shared,
            VarHandle closing) {

        Object create(Object delegate, InvocationHandler to) {
            Object instance = instantiator.newInstance();
            handler.set(instance, to);
            try {
                for (Field field : shared) {
                    field.set(instance, field.get(delegate));
                }
            } catch (IllegalAccessException madeAccessible) {
                throw new IllegalStateException(madeAccessible);
            }
            return instance;
        }

        /** Whether pgjdbc's final close() has begun on this instance (it sets the flag first). */
        boolean closing(Object instance) {
            return closing != null && (int) closing.getVolatile(instance) != 0;
        }
    }

    /**
     * The subclass of {@code delegateClass} that also implements the wrapper's interfaces, or empty when there can be
     * none (another driver, a final class, a final method not known to be harmless, or a class ByteBuddy cannot make).
     * Not cached here: {@link DriverInterfaces} decides once per wrapper and delegate class what to hand out.
     */
    static Optional<Subclass> generate(Class<?> delegateClass, Class<?>[] wrapperInterfaces) {
        if (!delegateClass.getName().startsWith(PGJDBC) || Modifier.isFinal(delegateClass.getModifiers())) {
            return Optional.empty();
        }
        String unhandled = unhandledFinalsOrFinalizer(delegateClass);
        if (unhandled != null) {
            LOG.debug("{} is handed out as a proxy: {} cannot be overridden", delegateClass.getName(), unhandled);
            return Optional.empty();
        }
        try {
            MethodHandles.Lookup inPgjdbc = MethodHandles.privateLookupIn(delegateClass, MethodHandles.lookup());
            Class<?> type = new ByteBuddy()
                    .with(new NamingStrategy.SuffixingRandom("NlSql"))
                    .subclass(delegateClass, ConstructorStrategy.Default.NO_CONSTRUCTORS)
                    .implement(wrapperInterfaces)
                    .defineField(HANDLER_FIELD, InvocationHandler.class, Visibility.PRIVATE)
                    // every method that can be overridden; a finalizer would run on the empty fields
                    .method(isVirtual().and(not(isFinal())).and(not(isFinalizer())))
                    .intercept(InvocationHandlerAdapter.toField(HANDLER_FIELD))
                    .make()
                    .load(delegateClass.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(inPgjdbc))
                    .getLoaded();
            VarHandle handler = MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                    .findVarHandle(type, HANDLER_FIELD, InvocationHandler.class);
            List<Field> shared = new ArrayList<>();
            VarHandle closing = null;
            for (Class<?> c = delegateClass; c != Object.class; c = c.getSuperclass()) {
                String field = SHARED_FIELDS.get(c.getName());
                if (field != null) {
                    Field final_ = c.getDeclaredField(field);
                    final_.setAccessible(true); // final: a VarHandle would not write it
                    shared.add(final_);
                }
                if (c.getName().equals(STATEMENT)) {
                    closing = MethodHandles.privateLookupIn(c, MethodHandles.lookup()).findVarHandle(c, "isClosed", int.class);
                }
            }
            return Optional.of(new Subclass(new ObjenesisStd(false).getInstantiatorOf(type), handler, List.copyOf(shared), closing));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError cannotSubclass) {
            LOG.debug("{} is handed out as a proxy: it cannot be subclassed", delegateClass.getName(), cannotSubclass);
            return Optional.empty();
        }
    }

    /** The first public final method the subclass cannot handle, or a finalizer, as text; null when none. */
    private static String unhandledFinalsOrFinalizer(Class<?> type) {
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                int mod = m.getModifiers();
                if (Modifier.isStatic(mod) || m.isSynthetic()) {
                    continue;
                }
                if (m.getName().equals("finalize") && m.getParameterCount() == 0) {
                    return c.getName() + ".finalize()";
                }
                String signature = c.getName() + "." + m.getName() + signature(m);
                if (Modifier.isFinal(mod) && Modifier.isPublic(mod) && !HANDLED_FINALS.contains(signature)) {
                    return signature;
                }
            }
        }
        return null;
    }

    private static String signature(Method m) {
        StringBuilder s = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            s.append(s.length() > 1 ? "," : "").append(p.getName());
        }
        return s.append(')').toString();
    }
}
