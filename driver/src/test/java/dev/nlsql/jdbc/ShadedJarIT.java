package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The -all jar works on its own, as DBeaver would load it, and carries no unrelocated dependency. */
class ShadedJarIT {

    private static Path allJar() {
        Path jar = Path.of(System.getProperty("nlsql.allJar", "target/nlsql-driver-0.1.0-SNAPSHOT-all.jar"));
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        return jar;
    }

    @Test
    void connectsThroughTheJarAloneInAnIsolatedClassLoader() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {allJar().toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Driver nl = null;
            for (Driver d : ServiceLoader.load(Driver.class, loader)) {
                if (d.getClass().getName().equals("dev.nlsql.jdbc.NlDriver")) {
                    nl = d;
                }
            }
            assertTrue(nl != null, "NlDriver is registered as a service in the jar");
            assertEquals(loader, nl.getClass().getClassLoader());
            Thread.currentThread().setContextClassLoader(loader);
            try (Connection c = nl.connect(TestPostgres.nlUrl("nlsql.passthrough=readonly"), new Properties());
                    Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 6 * 7")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
                assertEquals("org.postgresql.jdbc.PgConnection",
                        c.unwrap(loader.loadClass("org.postgresql.PGConnection")).getClass().getName());
            } finally {
                Thread.currentThread().setContextClassLoader(ShadedJarIT.class.getClassLoader());
            }
        }
    }

    @Test
    void everyDependencyIsRelocated() throws Exception {
        try (JarFile jar = new JarFile(allJar().toFile())) {
            long stray = jar.stream().map(e -> e.getName())
                    .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .filter(n -> !n.startsWith("dev/nlsql/") && !n.startsWith("org/postgresql/"))
                    .peek(n -> System.err.println("not relocated: " + n))
                    .count();
            assertEquals(0, stray);
            assertFalse(jar.stream().anyMatch(e -> e.getName().startsWith("net/sf/jsqlparser/")));
            assertTrue(jar.stream().anyMatch(e -> e.getName().startsWith("dev/nlsql/shaded/jsqlparser/")));
        }
    }
}
