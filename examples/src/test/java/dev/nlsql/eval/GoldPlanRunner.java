package dev.nlsql.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.execute.LocalCopy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a plan reply by hand, as DESIGN.md's "Several databases in one question" says the engine
 * does, without the engine: a step on a source runs there with that source's earlier steps as CTEs
 * {@code stepK}; a {@code local} step runs in the fallback's embedded H2 ({@link LocalCopy}: PostgreSQL
 * mode, lower-case identifiers), guarded as the fallback's, where every earlier step's rows are tables {@code step1..stepN}.
 * Used to check the gold plans independently of the engine that will run them.
 */
public final class GoldPlanRunner {

    private GoldPlanRunner() {
    }

    /** The last step's rows; {@code sources} maps a source name (main, b, ...) to its plain JDBC URL. */
    public static List<List<Object>> run(JsonNode plan, Map<String, String> sources) throws SQLException {
        JsonNode steps = plan.has("steps") ? plan.get("steps") : null;
        if (steps == null) {
            String url = sources.get(plan.path("source").asText("main"));
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(plan.get("sql").asText())) {
                return Evaluator.rows(rs);
            }
        }
        try (LocalCopy local = LocalCopy.create(100_000)) {
            List<List<Object>> last = null;
            for (int k = 1; k <= steps.size(); k++) {
                JsonNode step = steps.get(k - 1);
                String source = step.path("source").asText("main");
                String sql = step.get("sql").asText();
                boolean isLast = k == steps.size();
                if (source.equals("local")) {
                    String guarded;
                    try {
                        guarded = localGuard(local).check(sql).sql();
                    } catch (GuardRejection e) {
                        throw new SQLException("step " + k + " refused by the local engine's guard: " + e.getMessage(), e);
                    }
                    try (ResultSet rs = local.query(guarded, 100_000, 60, 0, 0)) {
                        if (isLast) {
                            last = Evaluator.rows(rs);
                        } else {
                            local.load("step" + k, rs);
                        }
                    }
                    continue;
                }
                String url = sources.get(source);
                if (url == null) {
                    throw new SQLException("step " + k + " names an unknown source " + source);
                }
                try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(withEarlierSteps(steps, k, source, sql))) {
                    if (isLast) {
                        last = Evaluator.rows(rs);
                    } else {
                        local.load("step" + k, rs);
                    }
                }
            }
            return last;
        }
    }

    /** The fallback analysis's guard (as CorrectionLoop builds it): the copied tables only, H2 functions by allow-list. */
    private static SqlGuard localGuard(LocalCopy local) {
        return new SqlGuard(new GuardPolicy(local.tables(), FunctionPolicy.localEngine(), FunctionPolicy.Purpose.LOCAL_ENGINE, "public"));
    }

    /** The step's SQL with the earlier steps of the same source before it as CTEs stepK. */
    static String withEarlierSteps(JsonNode steps, int k, String source, String sql) {
        List<String> ctes = new ArrayList<>();
        for (int j = 1; j < k; j++) {
            JsonNode earlier = steps.get(j - 1);
            if (earlier.path("source").asText("main").equals(source)) {
                ctes.add("step" + j + " AS (" + earlier.get("sql").asText() + ")");
            }
        }
        if (ctes.isEmpty()) {
            return sql;
        }
        String trimmed = sql.strip();
        if (trimmed.regionMatches(true, 0, "WITH ", 0, 5)) {
            return "WITH " + String.join(", ", ctes) + ", " + trimmed.substring(5);
        }
        return "WITH " + String.join(", ", ctes) + " " + trimmed;
    }
}
