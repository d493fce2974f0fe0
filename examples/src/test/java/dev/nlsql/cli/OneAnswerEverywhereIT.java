package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.engine.Trace;
import dev.nlsql.jdbc.NlConnection;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.MusicStoreDb;
import dev.nlsql.testing.TestPostgres;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.util.PSQLException;

/**
 * Issue 36, one answer everywhere: thirty questions on a music store (answered, declined, a band name that is also a
 * composer, a misspelled band, grouped) through JDBC, {@code nlsql ask}, the shell, {@code nlsql eval} and the proxy
 * (pgjdbc to it), each cold (the first time its process meets the question) and warm (asked again), give the same rows,
 * SQL, confidence and interpretation. The CLI's {@code ask} runs in a JVM of its own per question (nothing cached; the first
 * {@value #ASKED_IN_OWN_JVMS}), the shell, eval and the proxy in one each; the warm {@code ask} and {@code eval} run in this
 * JVM after JDBC asked everything. Eval's SQL, confidence and interpretation are compared, and its rows by its own
 * grading against JDBC's SQL as the gold.
 */
class OneAnswerEverywhereIT {

    private static final String DB = "nlsql_one_answer36";
    static final List<String> QUESTIONS = List.of(
            // names and values: a band that is also a composer, a misspelled band, a name that is also an album's title
            "how many albums does \"AC/DC\" have",
            "albums by \"AC/DC\"",
            "how many albums by Metalica",
            "how many albums by \"Metallica\"",
            "how many albums does Iron Maiden have",
            "list the albums of Queen",
            "how many tracks did \"Steve Harris\" compose",
            "how many albums by Led Zepelin",
            "how many albums by Audioslave",
            "how many tracks in the Metal genre",
            "how many tracks does the album \"Master Of Puppets\" have",
            // a genre (two tables from album: looked up, or sampled by another question) and an album's title
            "how many albums by \"Pop\"",
            // counts, groups, lists, filters, and what the database cannot answer
            "how many tracks are there",
            "how many albums are there",
            "how many customers are there",
            "how many tracks per genre",
            "number of customers per country",
            "total invoice amount per billing country",
            "list the genres",
            "how many customers live in Prague",
            "how many tracks in the Metall genre",
            "average track length in milliseconds per genre",
            "the 5 longest tracks",
            "how many invoices in 2023",
            "total sales per year",
            "which country has the most customers",
            "how many tracks cost more than 1 dollar",
            "what is the weather in Paris tomorrow",
            "who won the football world cup in 2014",
            "how many albums by \"Led Zeppelin\"");

    /**
     * What one front end gave for one question: the rows (or the error's state and message), the SQL, the confidence and
     * the interpretation (how the question was read, in words).
     */
    record Seen(String outcome, String sql, String confidence, String interpretation) {
        static Seen failed(String state, String message) {
            return new Seen(state + " " + message.lines().findFirst().orElse(""), null, null, null);
        }
    }

    private static String plainUrl;

    @BeforeAll
    static void build() throws SQLException {
        plainUrl = MusicStoreDb.url(DB);
    }

    /** The JVMs this test started, ended when it ends, however it ends. */
    private static final List<Process> STARTED = java.util.Collections.synchronizedList(new ArrayList<>());

    @AfterAll
    static void drop() throws Exception {
        synchronized (STARTED) {
            for (Process p : STARTED) {
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        TestPostgres.dropDatabase(DB);
    }

    private static Process start(ProcessBuilder b) throws java.io.IOException {
        Process p = b.start();
        STARTED.add(p);
        return p;
    }

    private static String nlUrl() {
        return TestPostgres.withParams("jdbc:nlsql:" + plainUrl.substring("jdbc:".length()), "nlsql.llm=offline");
    }

    @Test
    void everyFrontEndGivesTheSameRowsSqlAndConfidenceColdAndWarm(@TempDir Path dir) throws Exception {
        long start = System.nanoTime();
        Map<String, List<Seen>> seen = new LinkedHashMap<>();
        seen.put("jdbc cold", jdbc()); // the first in this JVM: nothing of this database is cached yet
        seen.put("jdbc warm", jdbc());
        seen.put("ask warm", askInProcess());
        ExecutorService jvms = Executors.newFixedThreadPool(3);
        try {
            Future<List<Seen>> askCold = jvms.submit(OneAnswerEverywhereIT::askInOwnJvms);
            Future<List<List<Seen>>> shell = jvms.submit(() -> shell(dir));
            Future<List<List<Seen>>> proxy = jvms.submit(OneAnswerEverywhereIT::proxy);
            seen.put("ask cold", askCold.get(5, TimeUnit.MINUTES));
            seen.put("shell cold", shell.get(5, TimeUnit.MINUTES).get(0));
            seen.put("shell warm", shell.get().get(1));
            seen.put("proxy cold", proxy.get(5, TimeUnit.MINUTES).get(0));
            seen.put("proxy warm", proxy.get().get(1));
        } finally {
            jvms.shutdownNow();
        }
        Path dataset = dataset(dir, seen.get("jdbc cold"));
        seen.put("eval cold", evalInOwnJvm(dataset));
        seen.put("eval warm", evalInProcess(dataset));
        List<String> differences = new ArrayList<>();
        List<Seen> reference = seen.get("jdbc cold");
        for (var e : seen.entrySet()) {
            for (int i = 0; i < e.getValue().size(); i++) {
                Seen s = e.getValue().get(i);
                Seen r = reference.get(i);
                boolean same = e.getKey().startsWith("eval") ? java.util.Objects.equals(s.sql(), r.sql())
                        && s.outcome().equals(r.sql() == null ? "declined" : "right") && java.util.Objects.equals(s.confidence(), r.confidence())
                        && java.util.Objects.equals(s.interpretation(), r.interpretation()) : s.equals(r);
                if (!same) {
                    differences.add(e.getKey() + ", \"" + QUESTIONS.get(i) + "\": " + s + " but jdbc cold: " + r);
                }
            }
        }
        long answered = reference.stream().filter(s -> s.sql() != null).count();
        int compared = seen.values().stream().mapToInt(List::size).sum();
        System.out.printf("one answer everywhere: %d questions (%d answered, %d declined), %d front-end runs, %d answers compared,"
                + " %d differences, %d s%n", QUESTIONS.size(), answered, QUESTIONS.size() - answered, seen.size(), compared,
                differences.size(), TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
        for (int i = 0; i < QUESTIONS.size(); i++) {
            Seen r = reference.get(i);
            System.out.println("  " + QUESTIONS.get(i) + " -> " + (r.sql() == null ? r.outcome().substring(0, 5) : r.confidence() + ": " + r.sql()));
        }
        assertEquals(List.of(), differences, String.join("\n", differences));
    }

    // ---- JDBC ----

    private static List<Seen> jdbc() throws SQLException {
        List<Seen> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(nlUrl())) {
            for (String q : QUESTIONS) {
                try (Statement s = c.createStatement()) {
                    out.add(jdbcAsk(c, s, q));
                }
            }
        }
        return out;
    }

    private static Seen jdbcAsk(Connection c, Statement s, String q) throws SQLException {
        List<String> columns = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(q)) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                columns.add(rs.getMetaData().getColumnLabel(i));
            }
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns.size(); i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
        } catch (SQLException e) {
            return Seen.failed(e.getSQLState(), e.getMessage());
        }
        Trace t = s.unwrap(NlStatement.class).lastTrace();
        String confidence = c.unwrap(NlConnection.class).narrate(t, columns, rows, rows.size()).confidence().label();
        assertTrue(t.interpretation() != null && !t.interpretation().isBlank(), "every answer says how it was read: " + q);
        return new Seen(rows(rows), t.finalSql(), confidence, t.interpretation());
    }

    /** Rows as text, a line a row, '|' between values: numbers in their plain form, null as empty, as the CLI prints them. */
    private static String rows(List<? extends List<?>> rows) {
        StringBuilder b = new StringBuilder();
        for (List<?> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                b.append(i == 0 ? "" : "|").append(cell(row.get(i)));
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static String cell(Object v) {
        String text = v == null ? "" : v instanceof JsonNode n ? (n.isNull() ? "" : n.asText()) : v.toString();
        try {
            return new BigDecimal(text).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return text;
        }
    }

    // ---- nlsql ask ----

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<Seen> askInProcess() throws Exception {
        List<Seen> out = new ArrayList<>();
        for (String q : QUESTIONS) {
            out.add(askJson(Cli.run("ask", "--url", nlUrl(), "--json", "--narrate", q).out()));
        }
        return out;
    }

    /**
     * Questions {@code ask} answers each in a JVM of its own, as from a terminal: those that name values (sampling and
     * lookups start from nothing) and a few plain ones; a JVM a question for all thirty would take the test past two minutes.
     */
    static final int ASKED_IN_OWN_JVMS = 12;

    private static List<Seen> askInOwnJvms() throws Exception {
        List<Seen> out = new ArrayList<>();
        for (String q : QUESTIONS.subList(0, ASKED_IN_OWN_JVMS)) {
            out.add(askJson(cli(null, "ask", "--url", nlUrl(), "--json", "--narrate", q)));
        }
        return out;
    }

    private static Seen askJson(String out) throws Exception {
        JsonNode n = JSON.readTree(out);
        if (!n.get("success").asBoolean()) {
            return Seen.failed(n.get("sqlState").asText(), n.get("error").asText());
        }
        List<List<Object>> rows = new ArrayList<>();
        for (JsonNode row : n.get("rows")) {
            List<Object> r = new ArrayList<>();
            row.forEach(r::add);
            rows.add(r);
        }
        return new Seen(rows(rows), n.get("sql").asText(), n.get("narration").get("confidence").asText(), n.get("interpretation").asText());
    }

    /** The command line's main in a JVM of its own; its standard output. */
    private static String cli(String stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(javaBin(), "-cp", classpath(), "dev.nlsql.cli.NlsqlCommand"));
        command.addAll(List.of(args));
        Process p = start(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
        try (var in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the command line ended");
        return out;
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String classpath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    // ---- the shell ----

    /** One shell session: each question narrated, then asked, all of them twice; the first round and the second. */
    private static List<List<Seen>> shell(Path dir) throws Exception {
        StringBuilder input = new StringBuilder("\\x on\n");
        for (int round = 0; round < 2; round++) {
            for (String q : QUESTIONS) {
                input.append("NARRATE NL ").append(q).append('\n').append(q).append('\n');
            }
        }
        String out = cli(input.toString(), "shell", "--url", nlUrl(), "--max-rows", "0");
        List<String> blocks = shellBlocks(out);
        assertEquals(4 * QUESTIONS.size(), blocks.size(), out);
        List<List<Seen>> rounds = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            List<Seen> seen = new ArrayList<>();
            for (int i = 0; i < QUESTIONS.size(); i++) {
                int at = (round * QUESTIONS.size() + i) * 2;
                seen.add(shellSeen(blocks.get(at), blocks.get(at + 1)));
            }
            rounds.add(seen);
        }
        return rounds;
    }

    /** The shell's prompts, printed before the output of what was typed after them (stdin is no terminal). */
    private static final Pattern PROMPT = Pattern.compile("^(nlsql\\S*> ?)+");
    private static final Pattern ERROR = Pattern.compile("(?m)^error: \\[(\\w+)\\] (.*)$");

    /** The output of each statement: it ends with "(n rows)" or an error line. */
    private static List<String> shellBlocks(String out) {
        List<String> blocks = new ArrayList<>();
        StringBuilder block = new StringBuilder();
        for (String printed : out.lines().toList()) {
            String line = PROMPT.matcher(printed).replaceFirst("");
            if (line.startsWith("nlsql shell:") || line.startsWith("Expanded display")) {
                continue;
            }
            block.append(line).append('\n');
            if (line.matches("\\(\\d+ rows?\\)") || line.startsWith("error: [")) {
                blocks.add(block.toString());
                block.setLength(0);
            }
        }
        return blocks;
    }

    private static Seen shellSeen(String narrated, String answered) {
        Matcher error = ERROR.matcher(answered);
        if (error.find()) {
            return Seen.failed(error.group(1), error.group(2));
        }
        List<List<String>> rows = expandedRows(answered);
        Map<String, String> narration = new LinkedHashMap<>();
        List<String> names = expandedNames(narrated);
        List<String> values = expandedRows(narrated).get(0);
        for (int i = 0; i < names.size(); i++) {
            narration.put(names.get(i), values.get(i));
        }
        return new Seen(rows(rows), narration.get("sql"), narration.get("confidence"), narration.get("interpretation"));
    }

    private static List<List<String>> expandedRows(String block) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : block.lines().toList()) {
            if (line.startsWith("-[ RECORD ")) {
                rows.add(new ArrayList<>());
            } else if (!rows.isEmpty() && line.contains(" | ") && !line.matches("\\(\\d+ rows?\\)")) {
                rows.get(rows.size() - 1).add(line.substring(line.indexOf(" | ") + 3));
            }
        }
        return rows;
    }

    private static List<String> expandedNames(String block) {
        List<String> names = new ArrayList<>();
        boolean first = false;
        for (String line : block.lines().toList()) {
            if (line.startsWith("-[ RECORD ")) {
                if (first) {
                    break;
                }
                first = true;
            } else if (first && line.contains(" | ")) {
                names.add(line.substring(0, line.indexOf(" | ")).strip());
            }
        }
        return names;
    }

    // ---- eval ----

    /** The questions as an eval file, each with the SQL JDBC answered it with as its gold (none: it should be declined). */
    private static Path dataset(Path dir, List<Seen> reference) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < QUESTIONS.size(); i++) {
            var n = JSON.createObjectNode().put("question", QUESTIONS.get(i));
            if (reference.get(i).sql() != null) {
                n.put("gold_sql", reference.get(i).sql());
            } else {
                n.put("answerable", false);
            }
            b.append(n).append('\n');
        }
        Path file = dir.resolve("questions.jsonl");
        Files.writeString(file, b.toString());
        return file;
    }

    private static List<Seen> evalInOwnJvm(Path dataset) throws Exception {
        return evalSeen(cli(null, "eval", "--url", nlUrl(), "--dataset", dataset.toString(), "--json"));
    }

    private static List<Seen> evalInProcess(Path dataset) throws Exception {
        return evalSeen(Cli.run("eval", "--url", nlUrl(), "--dataset", dataset.toString(), "--json").out());
    }

    /** Eval grades rows against the gold: "right" when they are JDBC's rows, "declined" when nothing was answered. */
    private static List<Seen> evalSeen(String out) throws Exception {
        List<Seen> seen = new ArrayList<>();
        for (JsonNode q : JSON.readTree(out).get("questions")) {
            String outcome = q.get("outcome").asText();
            boolean answered = outcome.equals("right") || outcome.startsWith("answered") || outcome.startsWith("wrong");
            seen.add(new Seen(answered ? outcome : "declined", answered ? q.get("sql").asText() : null,
                    answered ? q.get("confidence").asText() : null, answered ? q.get("interpretation").asText() : null));
        }
        return seen;
    }

    // ---- the proxy ----

    /** A proxy in a JVM of its own, pgjdbc asking each question narrated, then plainly; twice: the first round and the second. */
    private static List<List<Seen>> proxy() throws Exception {
        String backend = "jdbc:nlsql:postgresql://127.0.0.1:5432/" + DB;
        Path log = Files.createTempFile("nlsql-proxy", ".log"); // a file, not a pipe: a pipe nobody reads stops the proxy when full
        Process p = start(new ProcessBuilder(javaBin(), "-cp", classpath(), "dev.nlsql.proxy.ProxyMain", "--backend", backend, "--port",
                "0", "-p", "nlsql.llm=offline").redirectErrorStream(true).redirectOutput(log.toFile()));
        try {
            int port = -1;
            long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (port < 0 && p.isAlive() && System.nanoTime() < until) {
                Matcher m = Pattern.compile("listening on [^:]+:(\\d+)").matcher(Files.readString(log));
                if (m.find()) {
                    port = Integer.parseInt(m.group(1));
                } else {
                    Thread.sleep(50); // the proxy is starting: look again
                }
            }
            assertTrue(port > 0, "the proxy said where it listens");
            List<List<Seen>> rounds = new ArrayList<>();
            for (int round = 0; round < 2; round++) {
                List<Seen> seen = new ArrayList<>();
                try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + DB + "?user=postgres")) {
                    for (String q : QUESTIONS) {
                        seen.add(proxyAsk(c, q));
                    }
                }
                rounds.add(seen);
            }
            return rounds;
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
            Files.deleteIfExists(log);
        }
    }

    private static Seen proxyAsk(Connection c, String q) throws SQLException {
        try (Statement s = c.createStatement()) {
            String sql;
            String confidence;
            String interpretation;
            try (ResultSet n = s.executeQuery("NARRATE NL " + q)) {
                n.next();
                sql = n.getString("sql");
                confidence = n.getString("confidence");
                interpretation = n.getString("interpretation");
            }
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(q)) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        row.add(rs.getObject(i));
                    }
                    rows.add(row);
                }
            }
            return new Seen(rows(rows), sql, confidence, interpretation);
        } catch (PSQLException e) {
            return Seen.failed(e.getSQLState(), e.getServerErrorMessage() == null ? e.getMessage() : e.getServerErrorMessage().getMessage());
        }
    }
}
