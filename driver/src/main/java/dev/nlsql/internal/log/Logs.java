package dev.nlsql.internal.log;

import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLogger;

/**
 * nlsql's loggers: the host's slf4j binding (logback, log4j, slf4j-simple, ...) when it has one, and
 * silence when it has none. Without a binding slf4j itself would print "No SLF4J providers were
 * found" (2.x) or "Failed to load class org.slf4j.impl.StaticLoggerBinder" (1.7) on stderr of every
 * application that loads the driver (sqlline, DBeaver's plugins, ...).
 *
 * <p>Only API present in slf4j 1.7 and 2.x alike is linked here: the host decides the API version
 * (Spring Boot 2.7, Maven plugins and many applications are still on 1.7), and a class missing from
 * it would fail the driver's own initialisation, which DriverManager reports as "No suitable driver".
 */
public final class Logs {

    /** slf4j 2's provider interface, looked up by name: it does not exist in the 1.7 API. */
    private static final String PROVIDER_INTERFACE = "org.slf4j.spi.SLF4JServiceProvider";
    /** slf4j 1.x's binding class, which 1.7 loads and 2.x only warns about. */
    private static final String STATIC_BINDER = "org/slf4j/impl/StaticLoggerBinder.class";

    private static final boolean BOUND = hostHasBinding();

    private Logs() {
    }

    public static Logger get(Class<?> owner) {
        return BOUND ? LoggerFactory.getLogger(owner) : NOPLogger.NOP_LOGGER;
    }

    public static Logger get(String name) {
        return BOUND ? LoggerFactory.getLogger(name) : NOPLogger.NOP_LOGGER;
    }

    /** The same places slf4j looks: an explicit provider, a 2.x service provider, or a 1.x binding. */
    private static boolean hostHasBinding() {
        if (System.getProperty("slf4j.provider") != null) {
            return true;
        }
        ClassLoader loader = LoggerFactory.class.getClassLoader();
        try {
            Class<?> providerInterface = Class.forName(PROVIDER_INTERFACE, false, loader);
            if (ServiceLoader.load(providerInterface, loader).findFirst().isPresent()) {
                return true;
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // slf4j 1.7: no providers, only static bindings
        } catch (java.util.ServiceConfigurationError e) {
            return true; // a broken binding is the host's to report; slf4j will
        }
        return loader != null ? loader.getResource(STATIC_BINDER) != null : ClassLoader.getSystemResource(STATIC_BINDER) != null;
    }
}
