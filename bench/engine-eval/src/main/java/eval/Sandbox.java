package eval;

import java.sql.*;
import java.util.*;

public class Sandbox {
    static final String D = "/tmp/engine-eval/sbx";
    static final String[] DUCK_ATTEMPTS = {
        "SELECT count(*) FROM read_csv('/etc/passwd', header=false)",
        "SELECT length(content) FROM read_text('/etc/passwd')",
        "SELECT size FROM read_blob('/etc/hostname')",
        "SELECT count(*) FROM glob('/etc/*')",
        "SELECT count(*) FROM '/etc/passwd'",
        "SELECT count(*) FROM read_csv('/proc/self/environ')",
        "SELECT * FROM sniff_csv('/etc/passwd')",
        "SELECT count(*) FROM read_json('/etc/hostname')",
        "COPY (SELECT 1 AS x) TO '" + D + "/out.csv'",
        "EXPORT DATABASE '" + D + "/exp'",
        "ATTACH '" + D + "/a.db' AS a",
        "ATTACH ':memory:' AS m2",
        "INSTALL httpfs",
        "LOAD httpfs",
        "LOAD '" + D + "/nope.duckdb_extension'",
        "SELECT count(*) FROM read_csv('http://127.0.0.1:5432/x.csv')",
        "SELECT getenv('HOME')",
        "SELECT current_setting('temp_directory')",
        "SELECT count(*) FROM duckdb_settings()",
        "SELECT string_agg(extension_name, ',') FROM duckdb_extensions() WHERE loaded",
        "SELECT * FROM query('SELECT 42')",
        "SET VARIABLE v = 1",
        "CREATE MACRO m(x) AS x+1",
        "CREATE SECRET s (TYPE s3, KEY_ID 'a', SECRET 'b')",
        "SET enable_external_access=true",
        "SET memory_limit='4GB'",
        "RESET memory_limit",
        "SET threads=4",
        "SET lock_configuration=false",
        "SET temp_directory='" + D + "/tmp'",
        "PRAGMA enable_profiling='json'",
        "SET profiling_output='" + D + "/prof.json'",
        "SELECT count(*) FROM duckdb_temporary_files()",
    };

    static String tryExec(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(10);
            boolean rs = s.execute(sql);
            if (rs) try (ResultSet r = s.getResultSet()) {
                if (r.next()) { String v = r.getString(1); return "ALLOWED -> " + (v == null ? "null" : v.length() > 60 ? v.substring(0, 60) + "..." : v); }
                return "ALLOWED (no rows)";
            }
            return "ALLOWED";
        } catch (Throwable t) { return "blocked: " + Probe.shortMsg(t).replaceFirst("^SQLException: ", ""); }
    }

    static void run(String engine) throws Exception {
        if (engine.equals("h2")) { h2(); return; }
        try (Connection c = Probe.conn("duck"); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT name, value FROM duckdb_settings() WHERE name IN ('enable_external_access','autoload_known_extensions','autoinstall_known_extensions','allow_community_extensions','allow_unsigned_extensions','temp_directory','memory_limit','threads','max_temp_directory_size','lock_configuration','extension_directory','allowed_directories','allowed_paths','max_expression_depth','custom_extension_repository') ORDER BY name")) {
                while (r.next()) Probe.out("sandbox", "duck", "default " + r.getString(1), r.getString(2));
            }
            try (ResultSet r = s.executeQuery("SELECT string_agg(extension_name||':'||loaded||'/'||installed, ' ') FROM duckdb_extensions() WHERE loaded OR installed")) {
                r.next(); Probe.out("sandbox", "duck", "extensions loaded/installed at start", r.getString(1));
            }
        }
        // baseline: defaults, except extension installs pointed to an unreachable repo so nothing is downloaded
        try (Connection c = Probe.conn("duck")) {
            tryExec(c, "SET custom_extension_repository='http://127.0.0.1:9'");
            tryExec(c, "SET autoinstall_known_extensions=false");
            for (String a : DUCK_ATTEMPTS) Probe.out("sandbox", "duck-default", a, tryExec(c, a));
        }
        try (Connection c = Probe.conn("duck")) {
            String[] hard = {"SET custom_extension_repository='http://127.0.0.1:9'", "SET autoinstall_known_extensions=false", "SET autoload_known_extensions=false",
                "SET allow_community_extensions=false", "SET enable_external_access=false", "SET threads=1", "SET memory_limit='128MB'",
                "SET max_temp_directory_size='0KB'", "SET temp_directory=''", "SET lock_configuration=true"};
            for (String h : hard) Probe.out("sandbox", "duck-hardening-step", h, tryExec(c, h));
            for (String a : DUCK_ATTEMPTS) Probe.out("sandbox", "duck-hardened", a, tryExec(c, a));
            Probe.out("sandbox", "duck-hardened", "new connection from same DB (DuckDBConnection.duplicate) SET enable_external_access=true",
                tryExec(((org.duckdb.DuckDBConnection) c).duplicate(), "SET enable_external_access=true"));
        }
        Properties p = new Properties();
        p.setProperty("enable_external_access", "false");
        p.setProperty("lock_configuration", "true");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:", p)) {
            Probe.out("sandbox", "duck-props", "connect-time props enable_external_access=false,lock_configuration=true: read_csv /etc/passwd", tryExec(c, DUCK_ATTEMPTS[0]));
            Probe.out("sandbox", "duck-props", "SET enable_external_access=true", tryExec(c, "SET enable_external_access=true"));
        } catch (Throwable t) { Probe.out("sandbox", "duck-props", "connect", "ERR " + Probe.shortMsg(t)); }
    }

    static void h2() throws Exception {
        String[] att = {
            "SELECT LENGTH(FILE_READ('/etc/passwd'))",
            "SELECT COUNT(*) FROM CSVREAD('/etc/passwd')",
            "CALL CSVWRITE('" + D + "/h2.csv', 'SELECT 1')",
            "SCRIPT TO '" + D + "/h2.sql'",
            "RUNSCRIPT FROM '" + D + "/h2.sql'",
            "SELECT FILE_WRITE('x', '" + D + "/h2w.txt')",
            "CREATE ALIAS GP FOR 'java.lang.System.getProperty'",
            "SELECT GP('user.home')",
            "CREATE ALIAS X AS 'String x() { return \"user code ran\"; }'",
            "CREATE LINKED TABLE L('org.postgresql.Driver','jdbc:postgresql://127.0.0.1:5432/test','postgres','','pg_class')",
            "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SETTINGS",
            "SET MAX_MEMORY_ROWS 10",
            "SET QUERY_TIMEOUT 100000",
            "SELECT DATABASE_PATH()",
            "SET EXCLUSIVE 1",
        };
        try (Connection c = Probe.conn("h2")) {
            for (String a : att) Probe.out("sandbox", "h2-default", a, tryExec(c, a));
        }
    }
}
