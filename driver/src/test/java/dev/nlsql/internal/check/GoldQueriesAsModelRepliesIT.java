package dev.nlsql.internal.check;

import dev.nlsql.testing.DefogQuestions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * No false rejections on SQL nlsql was not written for: every defog gold query (all variants) and
 * every Northwind gold query, given as a model's reply, passes the guard for generated SQL (the
 * function allow-list read from pg_proc, relations resolved by the server and limited to the
 * catalog) and returns the same rows as on PostgreSQL directly; the Northwind queries also pass as
 * SQL text under nlsql.passthrough=readonly.
 */
class GoldQueriesAsModelRepliesIT {

    @Test
    void everyGoldQueryIsAnsweredAsTheModelWroteIt() throws Exception {
        Map<String, List<String>> byUrl = new LinkedHashMap<>();
        for (String db : Benchmarks.DEFOG_DATABASES) {
            String url = Benchmarks.loadDefog(db);
            for (DefogQuestions.GoldQuestion q : DefogQuestions.questions()) {
                if (q.db().equals(db)) {
                    byUrl.computeIfAbsent(url, k -> new ArrayList<>()).addAll(q.statements());
                }
            }
        }
        String northwind = Benchmarks.loadNorthwind();
        for (String[] q : Benchmarks.northwindGold()) {
            byUrl.computeIfAbsent(northwind, k -> new ArrayList<>()).add(q[1]);
        }
        List<String> falseRejections = new ArrayList<>();
        int checked = 0;
        try (FakeOpenAi model = new FakeOpenAi()) {
            for (Map.Entry<String, List<String>> e : byUrl.entrySet()) {
                String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + e.getKey().substring(5), model.params());
                nlUrl = TestPostgres.withParams(nlUrl, "nlsql.maxAttempts=1", "nlsql.cache=false", "nlsql.repairs=false");
                try (Connection plain = DriverManager.getConnection(e.getKey()); Connection nl = DriverManager.getConnection(nlUrl);
                        Statement s = nl.createStatement()) {
                    for (String sql : e.getValue()) {
                        checked++;
                        model.then(FakeOpenAi.answer(sql));
                        String expected = rows(plain.createStatement().executeQuery(sql));
                        try (ResultSet rs = s.executeQuery("NL: answer the question")) {
                            if (!expected.equals(rows(rs))) {
                                falseRejections.add("different rows: " + sql);
                            }
                        } catch (SQLException refused) {
                            falseRejections.add(refused.getSQLState() + " " + firstLine(refused.getMessage()) + " <- " + sql);
                        }
                        model.drain();
                    }
                }
            }
        }
        assertTrue(checked >= 150, "gold queries checked: " + checked);
        assertEquals(List.of(), falseRejections);
    }

    @Test
    void northwindGoldQueriesPassAsReadonlySqlText() throws Exception {
        String url = Benchmarks.loadNorthwind();
        List<String> problems = new ArrayList<>();
        try (Connection plain = DriverManager.getConnection(url);
                Connection nl = DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + url.substring(5),
                        "nlsql.passthrough=readonly"));
                Statement s = nl.createStatement()) {
            for (String[] q : Benchmarks.northwindGold()) {
                String expected = rows(plain.createStatement().executeQuery(q[1]));
                try (ResultSet rs = s.executeQuery(q[1])) {
                    if (!expected.equals(rows(rs))) {
                        problems.add("different rows: " + q[1]);
                    }
                } catch (SQLException e) {
                    problems.add(e.getSQLState() + " " + firstLine(e.getMessage()) + " <- " + q[1]);
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String rows(ResultSet rs) throws SQLException {
        return dev.nlsql.testing.Rows.text(rs);
    }
}
