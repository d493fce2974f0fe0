package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.*;
import org.junit.jupiter.api.Test;

class TmpJoinTiming {
    @Test
    void time() throws Exception {
        String a = TestPostgres.database("nlsql_tmp_a", "DROP TABLE IF EXISTS ta", "CREATE TABLE ta AS SELECT g AS id, g::bigint * 7 AS b, (g % 1000)::numeric(12,2) AS n, 'name ' || g AS t, DATE '2020-01-01' + (g % 365) AS d FROM generate_series(1,100000) g");
        String b = TestPostgres.database("nlsql_tmp_b", "DROP TABLE IF EXISTS tb", "CREATE TABLE tb AS SELECT (g * 7919) % 100000 + 1 AS id, g::bigint AS b, (g % 100)::numeric(12,2) AS n, 'name ' || g AS t, DATE '2020-01-01' + (g % 365) AS d FROM generate_series(1,100000) g");
        String plan = "{\"steps\": [{\"purpose\": \"a\", \"sql\": \"SELECT * FROM ta\"}, {\"purpose\": \"b\", \"source\": \"b\", \"sql\": \"SELECT * FROM tb\"},"
                + "{\"purpose\": \"j\", \"source\": \"local\", \"sql\": \"SELECT step1.d, count(*) AS c, sum(step2.n) AS s FROM step1 JOIN step2 ON step1.id = step2.id GROUP BY step1.d ORDER BY step1.d\"}]}";
        for (int i = 0; i < 3; i++) {
            try (FakeOpenAi llm = new FakeOpenAi(answer(plan));
                    Connection c = llm.connect(a, "nlsql.source.b=" + URLEncoder.encode(b, StandardCharsets.UTF_8), "nlsql.queryTimeoutSeconds=120");
                    Statement s = c.createStatement()) {
                long t0 = System.nanoTime();
                ResultSet rs = s.executeQuery("join them " + i);
                int n = 0; while (rs.next()) n++;
                System.out.println("RUN " + i + " rows=" + n + " ms=" + (System.nanoTime() - t0) / 1_000_000 + " " + s.unwrap(NlStatement.class).lastTrace().attempts().stream().map(x -> x.database() + ":" + x.millis() + ":" + x.outcome()).toList());
            }
        }
    }
}
