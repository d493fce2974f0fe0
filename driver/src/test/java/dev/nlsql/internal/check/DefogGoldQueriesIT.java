package dev.nlsql.internal.check;

import dev.nlsql.testing.DefogQuestions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.internal.schema.CatalogReader;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Zero false rejections: every gold query of the defog benchmark passes the guard, and runs
 * through jdbc:nlsql: under nlsql.passthrough=readonly with the same rows as plain JDBC.
 */
class DefogGoldQueriesIT {

    private static final Map<String, String> URLS = new TreeMap<>();

    @BeforeAll
    static void loadDatabases() throws SQLException, IOException {
        for (String db : Benchmarks.DEFOG_DATABASES) {
            URLS.put(db, Benchmarks.loadDefog(db));
        }
    }

    @Test
    void everyGoldQueryPassesTheGuardAndRunsReadOnly() throws Exception {
        SqlGuard guard = new SqlGuard(GuardPolicy.permissive());
        List<String> rejected = new ArrayList<>();
        List<String> differing = new ArrayList<>();
        List<String> unknownNames = new ArrayList<>();
        int checked = 0;
        for (DefogQuestions.GoldQuestion q : DefogQuestions.questions()) {
            String plainUrl = URLS.get(q.db());
            String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + plainUrl.substring(5), "nlsql.passthrough=readonly");
            try (Connection plain = DriverManager.getConnection(plainUrl);
                    Connection nl = DriverManager.getConnection(nlUrl)) {
                SchemaCatalog catalog = new CatalogReader(table -> true).read(plain);
                for (String sql : q.statements()) {
                    checked++;
                    try {
                        Diagnosis unknown = CatalogCheck.check(guard.check(sql), catalog);
                        if (unknown != null) {
                            unknownNames.add(q.db() + ": " + unknown.message() + " <- " + sql);
                        }
                    } catch (GuardRejection e) {
                        rejected.add(q.db() + ": " + e.getMessage() + " <- " + sql);
                        continue;
                    }
                    String expected = rows(plain, sql);
                    String actual = rows(nl, sql);
                    if (!expected.equals(actual)) {
                        differing.add(q.db() + ": " + sql);
                    }
                }
            }
        }
        assertTrue(checked >= 104, "all questions were read: " + checked);
        assertEquals(List.of(), rejected, "false rejections");
        assertEquals(List.of(), unknownNames, "real names the catalog check called unknown");
        assertEquals(List.of(), differing, "results through the driver differ");
    }

    private static String rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            return dev.nlsql.testing.Rows.text(s.executeQuery(sql));
        }
    }
}
