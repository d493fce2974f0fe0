package dev.nlsql.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real hosts of the published jar, each a small project under src/it built by a child Maven with this build's local
 * repository: Spring Boot 2.7 (slf4j 1.7.36), Spring Boot 3 with Hibernate, and the Liquibase Maven plugin (which sees
 * Maven's own slf4j 1.7). Their tests assert an answer and a log line, so an unshaded jar or a driver that cannot
 * initialise under slf4j 1.7 fails them.
 */
class HostApplicationsIT {

    private static final String DATABASE = "nlsql_host_apps";
    private static String plainUrl;

    @BeforeAll
    static void database() throws Exception {
        TestPostgres.dropDatabase(DATABASE);
        plainUrl = TestPostgres.database(DATABASE, "CREATE TABLE parcels (id int PRIMARY KEY, name text)",
                "INSERT INTO parcels VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static String nlUrl() {
        return TestPostgres.withParams("jdbc:nlsql:" + plainUrl.substring("jdbc:".length()), "nlsql.llm=offline", "nlsql.tables=parcels");
    }

    @Test
    void springBootTwoSevenOnSlf4jOneSeven() throws Exception {
        assertBuilds("spring-boot-2");
    }

    @Test
    void springBootThreeWithHibernate() throws Exception {
        assertBuilds("spring-boot-3");
    }

    @Test
    void liquibaseMavenPluginRunsAChangelog() throws Exception {
        assertBuilds("liquibase-plugin");
        try (Connection c = DriverManager.getConnection(plainUrl); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT string_agg(destination, ',' ORDER BY id) FROM shipments")) {
            assertTrue(rs.next());
            assertEquals("LYON,PORTO", rs.getString(1));
        }
        try (Connection c = DriverManager.getConnection(plainUrl); Statement s = c.createStatement()) {
            assertEquals(2, TestPostgres.single(s.executeQuery("SELECT count(*) FROM databasechangelog")));
        }
    }

    /** Copies src/it/{@code project} to target and runs {@code mvn test} on it against the published jar. */
    private static void assertBuilds(String project) throws Exception {
        Path source = Path.of(System.getProperty("nlsql.itProjects", "src/it"), project);
        Path copy = Path.of(System.getProperty("nlsql.itWork", "target/it"), project);
        copyTree(source, copy);
        Path jar = Path.of(System.getProperty("nlsql.plainJar", "target/nlsql-driver-0.1.0-SNAPSHOT.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        List<String> command = new ArrayList<>(List.of(maven(), "-B", "-ntp", "test",
                "-Dnlsql.driverJar=" + jar, "-Dnlsql.url=" + nlUrl(),
                "-Dnlsql.postgresqlVersion=" + System.getProperty("nlsql.postgresqlVersion", "42.7.14")));
        String repo = System.getProperty("nlsql.localRepository", "");
        if (!repo.isBlank()) {
            command.add("-Dmaven.repo.local=" + repo);
        }
        if (System.getProperty("nlsql.mavenOffline", "").equals("offline=true")) {
            command.add("-o");
        }
        Path log = copy.resolve("build.log");
        Process p = new ProcessBuilder(command).directory(copy.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the build of " + project + " ends");
        assertEquals(0, p.exitValue(), project + " builds against " + jar + ":\n" + tail(output));
    }

    private static String maven() {
        String home = System.getProperty("nlsql.mavenHome", "");
        String name = File.separatorChar == '\\' ? "mvn.cmd" : "mvn";
        return home.isBlank() ? name : Path.of(home, "bin", name).toString();
    }

    private static String tail(String output) {
        List<String> lines = output.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 120), lines.size()));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
