package dev.nlsql.internal.log;

import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLogger;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * nlsql's loggers: the host's slf4j binding (logback, log4j, slf4j-simple, ...) when it has one, and
 * silence when it has none. Without a binding slf4j itself would print "No SLF4J providers were
 * found" on stderr of every application that loads the driver (sqlline, DBeaver's plugins, ...).
 */
public final class Logs {

    private static final boolean BOUND = hostHasBinding();

    private Logs() {
    }

    public static Logger get(Class<?> owner) {
        return BOUND ? LoggerFactory.getLogger(owner) : NOPLogger.NOP_LOGGER;
    }

    public static Logger get(String name) {
        return BOUND ? LoggerFactory.getLogger(name) : NOPLogger.NOP_LOGGER;
    }

    /** The same places slf4j 2 looks: an explicit provider, a service provider, or a 1.x binding. */
    private static boolean hostHasBinding() {
        if (System.getProperty("slf4j.provider") != null) {
            return true;
        }
        ClassLoader loader = LoggerFactory.class.getClassLoader();
        try {
            if (ServiceLoader.load(SLF4JServiceProvider.class, loader).findFirst().isPresent()) {
                return true;
            }
        } catch (java.util.ServiceConfigurationError e) {
            return true; // a broken binding is the host's to report; slf4j will
        }
        return loader != null && loader.getResource("org/slf4j/impl/StaticLoggerBinder.class") != null;
    }
}
