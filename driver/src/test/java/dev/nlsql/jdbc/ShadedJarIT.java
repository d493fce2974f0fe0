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
import java.io.File;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The -all jar works on its own, as DBeaver would load it; the published jar (the one a pom names) holds nothing
 * but nlsql's own and relocated classes and names only the slf4j API and the wrapped drivers in its POM; both work
 * with the slf4j 1.7 and 2.x APIs and log to the host's binding.
 */
class ShadedJarIT {

    private static Path allJar() {
        Path jar = Path.of(System.getProperty("nlsql.allJar", "target/nlsql-driver-0.1.0-SNAPSHOT-all.jar"));
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        return jar;
    }

    private static Path publishedJar() {
        Path jar = Path.of(System.getProperty("nlsql.plainJar", "target/nlsql-driver-0.1.0-SNAPSHOT.jar"));
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        return jar;
    }

    /** Classes (multi-release versions included) outside the packages a jar may hold. */
    private static List<String> classesOutside(Path jarFile, List<String> allowed) throws java.io.IOException {
        try (JarFile jar = new JarFile(jarFile.toFile())) {
            return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class"))
                    .map(n -> n.replaceFirst("^META-INF/versions/\\d+/", ""))
                    .filter(n -> !n.equals("module-info.class") && allowed.stream().noneMatch(n::startsWith))
                    .collect(Collectors.toList());
        }
    }

    /** An application that names nlsql-driver in its pom gets no JSqlParser, langchain4j, Jackson, ... under their own names. */
    @Test
    void thePublishedJarHoldsOnlyNlsqlsOwnAndRelocatedClasses() throws Exception {
        assertEquals(List.of(), classesOutside(publishedJar(), List.of("dev/nlsql/")));
        try (JarFile jar = new JarFile(publishedJar().toFile())) {
            assertTrue(jar.getEntry("dev/nlsql/shaded/jsqlparser/parser/CCJSqlParserUtil.class") != null, "JSqlParser is inside, relocated");
            assertTrue(jar.getEntry("org/postgresql/Driver.class") == null, "pgjdbc is a dependency, not a copy");
            // a service file under a relocated library's own name would make the host's ServiceLoader find it
            List<String> services = jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("META-INF/services/"))
                    .filter(n -> !n.equals("META-INF/services/") && !n.startsWith("META-INF/services/dev.nlsql.")
                            && !n.startsWith("META-INF/services/java."))
                    .collect(Collectors.toList());
            assertEquals(List.of(), services);
        }
    }

    /** The published POM (dependency-reduced) names only what stays outside the jar: nothing it relocates. */
    @Test
    void thePublishedPomListsNoRelocatedDependency() throws Exception {
        Path pom = Path.of(System.getProperty("nlsql.reducedPom", "target/dependency-reduced-pom.xml"));
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        var deps = doc.getElementsByTagName("dependency");
        java.util.Set<String> shipped = new java.util.TreeSet<>();
        for (int i = 0; i < deps.getLength(); i++) {
            var d = (org.w3c.dom.Element) deps.item(i);
            String scope = text(d, "scope");
            if (!"test".equals(scope) && d.getParentNode().getParentNode().getNodeName().equals("project")) {
                shipped.add(text(d, "groupId") + ":" + text(d, "artifactId"));
            }
        }
        assertEquals(java.util.Set.of("org.slf4j:slf4j-api", "org.postgresql:postgresql", "com.h2database:h2"), shipped);
    }

    private static String text(org.w3c.dom.Element e, String tag) {
        var nodes = e.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().strip();
    }

    /**
     * slf4j 1.7 (Spring Boot 2.7, Maven plugins): the published jar loads, answers and logs its INFO line to the
     * host's 1.7 binding. Before, the driver class failed to initialise on the missing slf4j 2 provider interface.
     */
    @Test
    void aHostOnSlfFourJOneSevenWithItsBindingGetsTheLines(@TempDir Path dir) throws Exception {
        Result r = askInAHost(dir, hostClassPath(publishedJar(), true), "-Dorg.slf4j.simpleLogger.log.dev.nlsql=debug");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.contains("ANSWER 3"), r.toString());
        assertTrue(r.err.contains("DEBUG dev.nlsql.trace - attempt 1/"), r.err);
        assertEquals(1, r.err.lines().filter(l -> l.contains("INFO dev.nlsql.trace")).count(), "one INFO line per question: " + r.err);
    }

    /** slf4j 1.7 without a binding: the answer, and not even slf4j 1.7's "Failed to load class" warning. */
    @Test
    void aHostOnSlfFourJOneSevenWithoutABindingPrintsNothing(@TempDir Path dir) throws Exception {
        Result r = askInAHost(dir, hostClassPath(publishedJar(), false));
        assertEquals(0, r.status, r.toString());
        assertEquals("", r.err, "nothing on stderr");
        assertEquals("ANSWER 3", r.out.strip());
    }

    /** The published jar beside pgjdbc and slf4j-api 1.7.36 (and slf4j-simple 1.7.36 when {@code binding}). */
    private static String hostClassPath(Path driverJar, boolean binding) throws java.io.IOException {
        Path dir = Path.of(System.getProperty("nlsql.hostSlf4j17", "target/host-slf4j17"));
        List<String> cp = new java.util.ArrayList<>(List.of(driverJar.toAbsolutePath().toString()));
        try (var files = Files.list(dir)) {
            files.map(Path::toString).filter(f -> f.endsWith(".jar") && (binding || !f.contains("slf4j-simple"))).sorted().forEach(cp::add);
        }
        assertEquals(binding ? 4 : 3, cp.size(), "slf4j-api 1.7.36, slf4j-simple 1.7.36 and pgjdbc in " + dir + ": " + cp);
        return String.join(File.pathSeparator, cp);
    }

    /** The -all jar has no H2: the local engine says it is missing (and the loop answers without it) instead of failing to load. */
    @Test
    void withoutHTwoTheLocalEngineIsMissingNotBroken() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {allJar().toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> copy = Class.forName("dev.nlsql.internal.execute.LocalCopy", true, loader);
            assertEquals(Boolean.FALSE, copy.getMethod("available").invoke(null));
        }
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
            assertEquals(List.of(), classesOutside(allJar(), List.of("dev/nlsql/", "org/postgresql/", "org/slf4j/")));
            assertFalse(jar.stream().anyMatch(e -> e.getName().startsWith("net/sf/jsqlparser/")));
            assertTrue(jar.stream().anyMatch(e -> e.getName().startsWith("dev/nlsql/shaded/jsqlparser/")));
            assertFalse(jar.stream().anyMatch(e -> e.getName().startsWith("dev/nlsql/shaded/slf4j/")), "the logging API keeps its name");
        }
    }

    /** Evaluation code lives with the CLI, test scaffolding in test sources: neither ships in a driver jar. */
    @Test
    void theDriverJarsHoldNoEvalOrTestClasses() throws Exception {
        Path plain = Path.of(System.getProperty("nlsql.plainJar", "target/nlsql-driver-0.1.0-SNAPSHOT.jar"));
        for (Path p : new Path[] {plain, allJar()}) {
            try (JarFile jar = new JarFile(p.toFile())) {
                List<String> misplaced = jar.stream().map(e -> e.getName())
                        .filter(n -> n.endsWith(".class") && n.startsWith("dev/nlsql/") && !n.startsWith("dev/nlsql/shaded/"))
                        .filter(n -> n.startsWith("dev/nlsql/eval/") || n.startsWith("dev/nlsql/testing/") || n.endsWith("Test.class")
                                || n.endsWith("IT.class"))
                        .collect(Collectors.toList());
                assertEquals(List.of(), misplaced, p.toString());
                assertTrue(jar.getEntry("dev/nlsql/jdbc/NlDriver.class") != null, p + " holds the driver");
            }
        }
    }

    /** A host with logback receives nlsql's DEBUG lines through its own configuration, and nothing goes to stderr. */
    @Test
    void aHostWithLogbackReceivesTheDriversDebugLines(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("logback.xml"), """
                <configuration>
                  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                    <target>System.out</target>
                    <encoder><pattern>HOST %level %logger - %msg%n</pattern></encoder>
                  </appender>
                  <logger name="dev.nlsql" level="DEBUG"/>
                  <root level="WARN"><appender-ref ref="OUT"/></root>
                </configuration>
                """);
        Path logback = Path.of(System.getProperty("nlsql.hostLogback", "target/host-logback"));
        List<Path> jars;
        try (var files = Files.list(logback)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
        assertEquals(2, jars.size(), "logback-classic and logback-core in " + logback);
        String cp = allJar().toAbsolutePath() + File.pathSeparator + jars.get(0) + File.pathSeparator + jars.get(1) + File.pathSeparator + dir;
        Result r = askInAHost(dir, cp);
        assertEquals(0, r.status, r.toString());
        assertEquals("", r.err, "nothing on stderr (no SLF4J warning)");
        assertTrue(r.out.contains("HOST DEBUG dev.nlsql.trace - attempt 1/"), r.out);
        assertTrue(r.out.lines().filter(l -> l.startsWith("HOST INFO dev.nlsql.trace")).count() == 1, "one INFO line per question: " + r.out);
        assertTrue(r.out.contains("ANSWER 3"), r.out);
    }

    /** A host without any slf4j binding (sqlline, a plain application) gets no warning on stderr. */
    @Test
    void aHostWithoutABindingPrintsNothing(@TempDir Path dir) throws Exception {
        Result r = askInAHost(dir, allJar().toAbsolutePath().toString());
        assertEquals(0, r.status, r.toString());
        assertEquals("", r.err, "nothing on stderr");
        assertEquals("ANSWER 3", r.out.strip());
    }

    private record Result(int status, String out, String err) {
    }

    /** Runs a one-file Java program on {@code classpath} that asks one question through the -all jar. */
    private static Result askInAHost(Path dir, String classpath, String... jvmOptions) throws Exception {
        String table = "hostlog_parcels";
        try (Connection c = java.sql.DriverManager.getConnection(TestPostgres.url()); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
        }
        try {
            Path program = dir.resolve("AskOnce.java");
            Files.writeString(program, """
                    import java.sql.*;
                    public class AskOnce {
                        public static void main(String[] args) throws Exception {
                            try (Connection c = DriverManager.getConnection(args[0]); Statement s = c.createStatement();
                                    ResultSet rs = s.executeQuery(args[1])) {
                                rs.next();
                                System.out.println("ANSWER " + rs.getLong(1));
                            }
                        }
                    }
                    """);
            String question = "how many " + table.replace('_', ' ') + " are there?";
            List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(List.of(jvmOptions));
            command.addAll(List.of("-cp", classpath, program.toString(), TestPostgres.nlUrl("nlsql.llm=offline", "nlsql.tables=" + table),
                    question));
            Process p = new ProcessBuilder(command).directory(dir.toFile()).start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            String out = read(p.getInputStream());
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the host program ends");
            return new Result(p.exitValue(), out, err.get());
        } finally {
            try (Connection c = java.sql.DriverManager.getConnection(TestPostgres.url()); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
