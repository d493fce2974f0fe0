package dev.nlsql.testing;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a test JVM made on a server (databases, roles), dropped when the JVM ends (the module's test run): a run leaves
 * the server as it found it, while the test classes of one run still share what was built once. Registries given
 * together are dropped in that order, in one hook (a database before the role that owns objects in it).
 */
final class DropAtExit {

    @FunctionalInterface
    interface Drop {
        void drop(String name) throws SQLException;
    }

    private final String what;
    private final Drop drop;
    private final Set<String> names = new LinkedHashSet<>();

    DropAtExit(String what, Drop drop) {
        this.what = what;
        this.drop = drop;
    }

    /** One shutdown hook that empties {@code registries} in order. */
    static void hook(String thread, DropAtExit... registries) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (DropAtExit r : registries) {
                r.dropAll();
            }
        }, thread));
    }

    synchronized void add(String name) {
        names.add(name);
    }

    /** A test dropped it itself. */
    synchronized void forget(String name) {
        names.remove(name);
    }

    private void dropAll() {
        List<String> left;
        synchronized (this) {
            left = new ArrayList<>(names);
        }
        for (String name : left) {
            try {
                drop.drop(name);
            } catch (SQLException e) {
                // the JVM is ending: stderr is all there is; .ci/run's before/after comparison fails the build on it
                System.err.println("could not drop test " + what + " " + name + ": " + e.getMessage());
            }
        }
    }
}
