package dev.nlsql.proxy;

import dev.nlsql.testing.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway PostgreSQL cluster made with Debian's postgresql-common tools, for tests that must
 * stop or restart a server without disturbing the one every other test uses. Needs root (as CI
 * runs) or the postgres user.
 */
final class ScratchCluster implements AutoCloseable {

    private final String version;
    private final String name;
    private final int port;

    private ScratchCluster(String version, String name, int port) {
        this.version = version;
        this.name = name;
        this.port = port;
    }

    /** Whether this machine can make one: postgresql-common is installed and we may run it. */
    static boolean available() {
        return missing() == null;
    }

    /** What this machine lacks to make one, in words for a skip or failure message; null when nothing is missing. */
    static String missing() {
        if (!Files.isExecutable(Path.of("/usr/bin/pg_createcluster"))) {
            return "/usr/bin/pg_createcluster is not installed (apt-get install postgresql-common postgresql)";
        }
        String user = System.getProperty("user.name");
        if (!"root".equals(user)) {
            return "the tests run as '" + user + "', not root: pg_createcluster and pg_ctlcluster need root to make, restart"
                    + " and drop a cluster";
        }
        return null;
    }

    /** Creates and starts a cluster with trust authentication on the given port, replacing a leftover one. */
    static ScratchCluster start(String name, int port) throws IOException, InterruptedException {
        String version = run("pg_lsclusters", "-h").lines().map(l -> l.split("\\s+")[0]).findFirst()
                .orElseThrow(() -> new IOException("no PostgreSQL cluster to take the version from"));
        ScratchCluster c = new ScratchCluster(version, name, port);
        c.drop();
        run("pg_createcluster", version, name, "-p", String.valueOf(port), "--start", "--", "--auth=trust");
        return c;
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    /** Makes the server ask this role for its SCRAM password on TCP from this machine; everyone else stays trusted. */
    void requirePassword(String role) throws IOException, InterruptedException {
        Path hba = Path.of("/etc/postgresql", version, name, "pg_hba.conf");
        String rules = Files.readString(hba);
        Files.writeString(hba, "host all " + role + " 127.0.0.1/32 scram-sha-256\n" + rules);
        run("pg_ctlcluster", "--skip-systemctl-redirect", version, name, "reload");
    }

    /**
     * A started cluster with a login role {@code role} (password {@code password}) that the server asks for its SCRAM
     * password on TCP from this machine, returned once a login without a password is refused (08004 from pgjdbc).
     */
    static ScratchCluster askingForPassword(String name, int port, String role, String password) throws Exception {
        ScratchCluster c = start(name, port);
        try (java.sql.Connection db = java.sql.DriverManager.getConnection(c.jdbcUrl()); java.sql.Statement s = db.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + password.replace("'", "''") + "'");
        }
        c.requirePassword(role);
        String direct = c.jdbcUrl().replace("user=postgres", "user=" + role);
        boolean asks = Await.within(Duration.ofSeconds(15), () -> {
            try (java.sql.Connection db = java.sql.DriverManager.getConnection(direct)) {
                return false; // the reload is not in effect yet: the role still gets in without a password
            } catch (java.sql.SQLException e) {
                if ("08004".equals(e.getSQLState())) {
                    return true;
                }
                throw e;
            }
        });
        if (asks) {
            return c;
        }
        c.close();
        throw new IOException("the server does not ask " + role + " for a password after a reload");
    }

    void restart() throws IOException, InterruptedException {
        run("pg_ctlcluster", "--skip-systemctl-redirect", version, name, "restart", "-m", "fast");
    }

    private void drop() throws IOException, InterruptedException {
        if (run("pg_lsclusters", "-h").lines().anyMatch(l -> l.split("\\s+").length > 1 && l.split("\\s+")[1].equals(name))) {
            run("pg_dropcluster", "--stop", version, name);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        drop();
    }

    private static String run(String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + String.join(" ", cmd));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out);
        }
        return out;
    }
}
