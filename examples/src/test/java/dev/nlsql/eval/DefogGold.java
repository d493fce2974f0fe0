package dev.nlsql.eval;

import dev.nlsql.testing.Benchmarks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The defog gold questions of ../shared/benchmarks, read with the eval command's own CSV reader. */
public final class DefogGold {

    private DefogGold() {
    }

    /** One gold question of the defog CSV files. */
    public record GoldQuestion(String file, String db, String category, String question, String query,
            String instructions) {

        /** Every concrete gold statement the query stands for. */
        public List<String> statements() {
            return GoldSql.expand(query);
        }
    }

    public static List<GoldQuestion> questions() throws IOException {
        List<GoldQuestion> out = new ArrayList<>();
        for (String file : List.of("instruct_basic_postgres.csv", "instruct_advanced_postgres.csv")) {
            for (Map<String, String> r : Csv.read(Benchmarks.defog().resolve(file))) {
                out.add(new GoldQuestion(file, r.get("db_name"), r.get("query_category"), r.get("question"),
                        r.get("query"), r.getOrDefault("instructions", "")));
            }
        }
        return out;
    }
}
