package dev.nlsql.testing;

import dev.nlsql.sql.SqlLexer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The defog gold questions of ../shared/benchmarks, as the driver's tests use them: valid SQL to parse, guard and run.
 * The eval command (nlsql-examples) reads the same files and also scores every subset of a {@code {a, b}} column
 * choice; here a choice stands for all its columns, so every statement is SQL as written (one query in 104 has one).
 */
public final class DefogQuestions {

    private DefogQuestions() {
    }

    /** One gold question of the defog CSV files. */
    public record GoldQuestion(String file, String db, String category, String question, String query) {

        /** The gold statements: each ';'-separated alternative, a column choice read as all of its columns. */
        public List<String> statements() {
            List<String> out = new ArrayList<>();
            for (String alternative : SqlLexer.splitStatements(query)) {
                int open = alternative.indexOf('{');
                int close = alternative.indexOf('}', open + 1);
                if (open < 0 || close < 0) {
                    out.add(alternative);
                    continue;
                }
                String columns = alternative.substring(open + 1, close).strip();
                out.add(alternative.substring(0, open) + columns + alternative.substring(close + 1).replace("{}", columns));
            }
            return out;
        }
    }

    public static List<GoldQuestion> questions() throws IOException {
        List<GoldQuestion> out = new ArrayList<>();
        for (String file : List.of("instruct_basic_postgres.csv", "instruct_advanced_postgres.csv")) {
            List<List<String>> records = records(Files.readString(Benchmarks.defog().resolve(file), StandardCharsets.UTF_8));
            List<String> header = records.get(0);
            for (List<String> r : records.subList(1, records.size())) {
                if (r.size() >= header.size()) {
                    out.add(new GoldQuestion(file, r.get(header.indexOf("db_name")), r.get(header.indexOf("query_category")),
                            r.get(header.indexOf("question")), r.get(header.indexOf("query"))));
                }
            }
        }
        return out;
    }

    /**
     * CSV records, read leniently as the eval command and PostgreSQL's COPY read them: a quote turns quoting on or off
     * anywhere in a field (one defog question reads {@code "... changes". Return ...}), a doubled quote inside quotes is one.
     */
    private static List<List<String>> records(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean endsField = !quoted && (c == ',' || c == '\n');
            if (c == '"') {
                if (quoted && text.startsWith("\"\"", i)) {
                    field.append(c);
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (endsField) {
                record.add(field.toString().replace("\r", ""));
                field.setLength(0);
                if (c == '\n') {
                    records.add(record);
                    record = new ArrayList<>();
                }
            } else {
                field.append(c);
            }
        }
        record.add(field.toString());
        records.add(record);
        return records;
    }
}
