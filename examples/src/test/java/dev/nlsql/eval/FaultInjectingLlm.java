package dev.nlsql.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.nlsql.sql.SqlLexer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OpenAI-compatible chat server for measuring nlsql's loop without a real model. It answers
 * a known question with its gold SQL, corrupted with a set probability according to an error
 * mix (by default 70% wrong column, 20% GROUP BY, 10% other: wrong table, ambiguous column,
 * syntax, type), optionally with semantic name slips (see {@link Settings#withSemanticShare}). On a
 * retry it behaves like a weak model: it writes the fix only when the feedback it was sent names
 * it (the right name, or for an invented extra column that column), and otherwise guesses again. It can add latency, HTTP 429/500,
 * hangs, prose around the SQL, replies without SQL, and unsafe SQL. A first call that asks for a
 * relevance decision (JSON) gets one: answerable with the SQL when the question has gold SQL,
 * not answerable when it has none, wrong at {@link Settings#withDecisionErrorRate}. A question can have a gold
 * plan over several sources instead ({@link #withGoldPlans}). Everything is seeded: the
 * same settings and prompts give the same replies.
 */
public final class FaultInjectingLlm implements AutoCloseable {

    static {
        // the JDK's HttpServer leaves Nagle on and writes a reply's headers and body apart: the body would wait ~40 ms for
        // the client's delayed ACK of the headers on every call (issue 27). Read once, when the first server starts.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** How the server misbehaves. Rates are per call, between 0 and 1. */
    public record Settings(long seed, double errorRate, double wrongColumnShare, double groupingShare, long latencyMs,
            boolean sampledLatency, double httpErrorRate, double hangRate, double proseRate, double noSqlRate, double unsafeRate,
            double semanticShare, double decisionErrorRate) {

        /** Without wrong relevance decisions. */
        public Settings(long seed, double errorRate, double wrongColumnShare, double groupingShare, long latencyMs,
                boolean sampledLatency, double httpErrorRate, double hangRate, double proseRate, double noSqlRate, double unsafeRate,
                double semanticShare) {
            this(seed, errorRate, wrongColumnShare, groupingShare, latencyMs, sampledLatency, httpErrorRate, hangRate, proseRate,
                    noSqlRate, unsafeRate, semanticShare, 0);
        }

        /** Without semantic name errors: the mix before they were added, reply for reply. */
        public Settings(long seed, double errorRate, double wrongColumnShare, double groupingShare, long latencyMs,
                boolean sampledLatency, double httpErrorRate, double hangRate, double proseRate, double noSqlRate, double unsafeRate) {
            this(seed, errorRate, wrongColumnShare, groupingShare, latencyMs, sampledLatency, httpErrorRate, hangRate, proseRate,
                    noSqlRate, unsafeRate, 0);
        }

        /** The defaults: the failure mix of the QueryPilot notes, nothing else injected. */
        public static Settings defaults() {
            return new Settings(1, 0.4, 0.7, 0.2, 0, false, 0, 0, 0, 0, 0);
        }

        public Settings withErrorRate(double rate) {
            return new Settings(seed, rate, wrongColumnShare, groupingShare, latencyMs, sampledLatency, httpErrorRate, hangRate, proseRate,
                    noSqlRate, unsafeRate, semanticShare, decisionErrorRate);
        }

        /**
         * The share of wrong-column errors that are semantic rather than typos: a plausible name
         * that does not exist, a synonym ({@code rating} written {@code score}) or a word part
         * ({@code order_date} written {@code date}, {@code paperid} written {@code id}).
         */
        public Settings withSemanticShare(double share) {
            return new Settings(seed, errorRate, wrongColumnShare, groupingShare, latencyMs, sampledLatency, httpErrorRate, hangRate,
                    proseRate, noSqlRate, unsafeRate, share, decisionErrorRate);
        }

        /**
         * The share of first calls whose relevance decision is wrong (the first call is asked for a
         * JSON decision, see nlsql's decision.txt): a question with gold SQL refused, or a question
         * without gold answered with {@code SELECT 1 AS answer}. Drawn from its own random stream,
         * so every other reply stays what it was.
         */
        public Settings withDecisionErrorRate(double rate) {
            return new Settings(seed, errorRate, wrongColumnShare, groupingShare, latencyMs, sampledLatency, httpErrorRate, hangRate,
                    proseRate, noSqlRate, unsafeRate, semanticShare, rate);
        }
    }

    /** One reply: an HTTP status, a message, or no answer at all. */
    public record Reply(int status, String content, boolean hang) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> KEYWORDS = Set.of("select", "from", "where", "join", "left", "right", "inner", "outer", "on", "and",
            "or", "not", "group", "by", "order", "having", "limit", "offset", "as", "with", "case", "when", "then", "else", "end",
            "distinct", "asc", "desc", "in", "is", "null", "like", "ilike", "between", "union", "all", "interval", "date", "current_date",
            "true", "false", "over", "partition", "cast", "extract", "using", "nulls", "last", "first", "filter", "lateral", "exists",
            "any", "some", "numeric", "integer", "int", "float", "text", "varchar", "timestamp", "day", "days", "month", "year", "week",
            "epoch", "dow", "hour", "minute", "second", "recursive", "coalesce", "count", "sum", "avg", "min", "max", "rows", "range");
    /** What a model writes for a real column name it half remembers (see {@link #semanticName}). */
    private static final Map<String, String> SYNONYMS = Map.of("rating", "score", "name", "title", "title", "name", "price", "cost",
            "quantity", "qty", "amount", "total", "total", "amount", "city", "town");
    private static final String[] GENERIC_NAMES = {"name", "value", "amount", "date", "type", "total", "code", "status_name"};

    private final Map<String, String> goldByQuestion;
    private final Settings settings;
    private final AtomicLong calls = new AtomicLong();
    private HttpServer server;
    private ExecutorService executor;

    /**
     * @param goldByQuestion gold SQL by question text; a question without gold (null or blank: marked unanswerable) is
     *                       refused as a model would, with a decision that it is not answerable
     */
    public FaultInjectingLlm(Map<String, String> goldByQuestion, Settings settings) {
        Map<String, String> known = new java.util.HashMap<>();
        goldByQuestion.forEach((question, gold) -> {
            if (gold != null && !gold.isBlank()) {
                known.put(question, gold);
            }
        });
        this.goldByQuestion = Map.copyOf(known);
        this.settings = settings;
    }

    /**
     * The gold a question file gives this server, by question text: the first gold alternative, with every column of a
     * {a,b} choice. A question marked unanswerable has none, so the server refuses it as a model would.
     */
    public static Map<String, String> goldOf(List<Dataset.Question> questions) {
        Map<String, String> gold = new java.util.HashMap<>();
        for (Dataset.Question q : questions) {
            if (!q.unanswerable()) {
                gold.put(q.text().strip(), fullColumns(q.goldSql()));
            }
        }
        return gold;
    }

    /** The first gold alternative, with every column of a {a,b} choice. */
    static String fullColumns(String gold) {
        List<String> choices = GoldSql.columnChoices(GoldSql.alternatives(gold).get(0));
        return choices.get(choices.size() - 1);
    }

    /** Starts serving on the loopback address ({@code port} 0 picks a free one). */
    public FaultInjectingLlm start(int port) throws IOException {
        executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-llm");
            t.setDaemon(true);
            return t;
        });
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        server.createContext("/v1/chat/completions", this::handle);
        server.setExecutor(executor);
        server.start();
        return this;
    }

    private double planRate;
    private double valueErrorShare;
    private Map<String, JsonNode> goldPlans = Map.of();

    /**
     * Gold replies as JSON, by question: a plan over sources ({@code {"answerable": true, "steps":
     * [{"purpose", "source", "sql"}]}}) or SQL for one source ({@code {"answerable": true, "source", "sql"}}).
     * A question with one is answered with it instead of its gold SQL, the error mix applied to the
     * SQL of one step (drawn at random) at the error rate; a retry fixes that step as {@link #retry} fixes SQL.
     */
    public FaultInjectingLlm withGoldPlans(Map<String, String> plansByQuestion) {
        Map<String, JsonNode> parsed = new java.util.HashMap<>();
        plansByQuestion.forEach((question, reply) -> {
            try {
                JsonNode plan = JSON.readTree(reply);
                if (!plan.has("steps") && !plan.has("sql")) {
                    throw new IllegalArgumentException("a gold plan needs steps or sql: " + question);
                }
                parsed.put(question.strip(), plan);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalArgumentException("not JSON, the gold plan of " + question, e);
            }
        });
        this.goldPlans = Map.copyOf(parsed);
        return this;
    }

    /**
     * Answers this share of first attempts with a two-step plan (a trivial first step, then the SQL it
     * would have sent), so an evaluation exercises plans. 0 by default, which keeps earlier figures.
     */
    public FaultInjectingLlm withPlans(double rate) {
        this.planRate = rate;
        return this;
    }

    /**
     * Of the injected errors, this share changes the case of a compared string value ({@code = 'Cash'}
     * becomes {@code = 'cash'}): the query runs and finds no rows, which the wider search repairs.
     */
    public FaultInjectingLlm withValueErrors(double share) {
        this.valueErrorShare = share;
        return this;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public long calls() {
        return calls.get();
    }

    /** The reply to a chat whose user message is {@code prompt}: a pure function of the settings and the prompt. */
    public Reply reply(String prompt) {
        String question = line(prompt, "Question: ");
        int attempt = count(prompt, "\nAttempt ");
        Random r = new Random(settings.seed() * 31 + (question == null ? 0 : question.hashCode()) * 17L + attempt);
        if (r.nextDouble() < settings.httpErrorRate()) {
            return new Reply(r.nextBoolean() ? 429 : 500, null, false);
        }
        if (r.nextDouble() < settings.hangRate()) {
            return new Reply(0, null, true);
        }
        JsonNode goldPlan = question == null ? null : goldPlans.get(question.strip());
        String gold = question == null ? null : goldPlan != null ? firstSql(goldPlan) : goldByQuestion.get(question.strip());
        // the first call asks for a structured relevance decision: give one, wrong at the decision error rate
        boolean decision = attempt == 0 && prompt.contains("\"answerable\"");
        if (decision) {
            // SplittableRandom mixes its seed, so neighbouring questions ("question 1", "question 2") draw independently
            java.util.SplittableRandom d = new java.util.SplittableRandom(settings.seed() * 131 + (question == null ? 0 : question.hashCode()) * 7L + 3);
            boolean wrong = d.nextDouble() < settings.decisionErrorRate();
            if (gold == null || wrong) {
                boolean answerable = gold == null && wrong; // a wrong decision on a question with gold is a refusal
                return new Reply(200, answerable ? decision(true, null, "SELECT 1 AS answer")
                        : decision(false, "the schema holds no data that answers this question", null), false);
            }
        }
        if (gold == null) {
            return new Reply(200, "NOT_ANSWERABLE: this server does not know that question", false);
        }
        if (r.nextDouble() < settings.noSqlRate()) {
            return new Reply(200, "I am not sure how to answer that.", false);
        }
        if (r.nextDouble() < settings.unsafeRate()) {
            return new Reply(200, "DELETE FROM " + firstTable(gold), false);
        }
        if (goldPlan != null) {
            return planReply(goldPlan, decision, attempt, prompt, r);
        }
        String sql = attempt == 0 ? firstAttempt(gold, r) : retry(gold, prompt, r);
        if (attempt == 0 && planRate > 0 && new Random(settings.seed() * 7 + question.hashCode()).nextDouble() < planRate) {
            ObjectNode plan = JSON.createObjectNode();
            if (decision) {
                plan.put("answerable", true);
            }
            com.fasterxml.jackson.databind.node.ArrayNode steps = plan.putArray("steps");
            steps.addObject().put("purpose", "get ready").put("sql", "SELECT 1 AS ready");
            steps.addObject().put("purpose", "the answer").put("sql", sql);
            return new Reply(200, plan.toString(), false);
        }
        if (r.nextDouble() < settings.proseRate()) {
            return new Reply(200, decision ? "Here is my answer:\n```json\n" + decision(true, null, sql + ";") + "\n```"
                    : "Here is the query you asked for:\n```sql\n" + sql + ";\n```\nIt should answer the question.", false);
        }
        return new Reply(200, decision ? decision(true, null, sql) : sql, false);
    }

    /** A gold plan as the reply, one step's SQL corrupted at the error rate (first attempt) or fixed as a weak model would (retry). */
    private Reply planReply(JsonNode goldPlan, boolean decision, int attempt, String prompt, Random r) {
        ObjectNode plan = goldPlan.deepCopy();
        if (decision) {
            plan.put("answerable", true);
        } else {
            plan.remove("answerable");
        }
        List<ObjectNode> withSql = new ArrayList<>();
        if (plan.has("steps")) {
            plan.get("steps").forEach(step -> withSql.add((ObjectNode) step));
        } else {
            withSql.add(plan);
        }
        if (attempt == 0) {
            if (r.nextDouble() < settings.errorRate()) {
                ObjectNode step = withSql.get(r.nextInt(withSql.size()));
                step.put("sql", corrupt(step.get("sql").asText(), r));
            }
        } else {
            // the step the failed SQL came from: the one sharing the most identifiers with it
            String lastSql = lastLine(prompt, "SQL: ");
            Set<String> failed = identifiers(lastSql == null ? "" : lastSql);
            ObjectNode step = withSql.get(0);
            int best = -1;
            for (ObjectNode candidate : withSql) {
                Set<String> shared = identifiers(candidate.get("sql").asText());
                shared.retainAll(failed);
                if (shared.size() > best) {
                    best = shared.size();
                    step = candidate;
                }
            }
            step.put("sql", retry(step.get("sql").asText(), prompt, r));
        }
        String json = plan.toString();
        if (r.nextDouble() < settings.proseRate()) {
            return new Reply(200, "Here is my plan:\n```json\n" + json + "\n```", false);
        }
        return new Reply(200, json, false);
    }

    /** The SQL of a plan's first step (or of a one-source reply). */
    private static String firstSql(JsonNode plan) {
        return plan.has("steps") ? plan.get("steps").get(0).get("sql").asText() : plan.get("sql").asText();
    }

    private String firstAttempt(String gold, Random r) {
        return r.nextDouble() < settings.errorRate() ? corrupt(gold, r) : gold;
    }

    /** A weak model: it fixes the error only when the feedback names the fix, else guesses again. */
    private String retry(String gold, String prompt, Random r) {
        String lastSql = lastLine(prompt, "SQL: ");
        String feedback = String.join(" ", allLines(prompt, "Fix: ")).toLowerCase(Locale.ROOT);
        Set<String> missing = identifiers(gold);
        missing.removeAll(identifiers(lastSql == null ? "" : lastSql));
        boolean named = !missing.isEmpty() && missing.stream().anyMatch(id -> feedback.contains(id.toLowerCase(Locale.ROOT)));
        // an invented extra column (nothing missing): naming it is the whole fix, since the fix is to drop it
        Set<String> extra = identifiers(lastSql == null ? "" : lastSql);
        extra.removeAll(identifiers(gold));
        named |= missing.isEmpty() && !extra.isEmpty() && extra.stream().allMatch(id -> feedback.contains("\"" + id + "\""));
        boolean structural = (feedback.contains("group by") || feedback.contains("does not parse")
                || feedback.contains("qualify") || feedback.contains("types do not match"));
        return named || structural ? gold : corrupt(gold, r);
    }

    /** {@code = 'Value'} with the value's case changed, or null when the gold SQL compares no such string. */
    static String wrongValueCase(String gold) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("=\\s*'([A-Za-z][^']*)'").matcher(gold);
        while (m.find()) {
            String v = m.group(1);
            String changed = v.equals(v.toLowerCase(Locale.ROOT)) ? v.toUpperCase(Locale.ROOT) : v.toLowerCase(Locale.ROOT);
            if (!changed.equals(v)) {
                return gold.substring(0, m.start(1)) + changed + gold.substring(m.end(1));
            }
        }
        return null;
    }

    /** A relevance decision as the first call's prompt asks for it: {"answerable", "reason" | "sql"}. */
    private static String decision(boolean answerable, String reason, String sql) {
        ObjectNode n = JSON.createObjectNode().put("answerable", answerable);
        if (reason != null) {
            n.put("reason", reason);
        }
        if (sql != null) {
            n.put("sql", sql);
        }
        return n.toString();
    }

    /** One error of the mix, applied to the gold SQL. */
    String corrupt(String gold, Random r) {
        if (valueErrorShare > 0 && new Random(r.nextLong()).nextDouble() < valueErrorShare) {
            String wrongValue = wrongValueCase(gold);
            if (wrongValue != null) {
                return wrongValue;
            }
        }
        double x = r.nextDouble();
        String out;
        if (x < settings.wrongColumnShare()) {
            String semantic = settings.semanticShare() > 0 && r.nextDouble() < settings.semanticShare() ? semanticName(gold, r) : null;
            out = semantic != null ? semantic : wrongColumn(gold, r);
        } else if (x < settings.wrongColumnShare() + settings.groupingShare()) {
            out = dropGroupByColumn(gold);
        } else {
            out = switch (r.nextInt(4)) {
                case 0 -> wrongTable(gold, r);
                case 1 -> unqualify(gold);
                case 2 -> gold.replaceFirst("(?i)\\s+FROM\\s+", " FROM FROM ");
                default -> gold.replaceFirst("(?i)\\bSELECT\\b", "SELECT 1 + 'one' AS oops,");
            };
        }
        return out == null || out.equals(gold) ? wrongColumn(gold, r) : out;
    }

    private static String wrongColumn(String gold, Random r) {
        List<String> columns = new ArrayList<>(columnLike(gold));
        if (columns.isEmpty()) {
            return gold.replaceFirst("(?i)\\bSELECT\\b", "SELECT nonexistent_column,");
        }
        String column = columns.get(r.nextInt(columns.size()));
        String wrong = switch (r.nextInt(3)) {
            case 0 -> column.length() > 3 ? column.substring(0, 1) + column.charAt(2) + column.charAt(1) + column.substring(3) : column + "x";
            case 1 -> column.contains("_") ? column.replace("_", "") : column + "s";
            default -> GENERIC_NAMES[r.nextInt(GENERIC_NAMES.length)];
        };
        return replaceWord(gold, column, wrong);
    }

    /**
     * A semantic slip on one column: its synonym, or its last word part ({@code order_date} becomes
     * {@code date}, {@code paperid} becomes {@code id}); never a name the gold SQL itself uses, and
     * never {@code x_id} to {@code id}, which in most schemas names another real column and would
     * give a wrong answer instead of an error. Null when no column of the gold allows one.
     */
    static String semanticName(String gold, Random r) {
        Set<String> used = identifiers(gold);
        List<String[]> options = new ArrayList<>();
        for (String column : columnLike(gold)) {
            String c = column.toLowerCase(Locale.ROOT);
            String wrong = SYNONYMS.get(c);
            if (wrong == null && c.contains("_") && !c.endsWith("_id")) {
                wrong = c.substring(c.lastIndexOf('_') + 1);
            } else if (wrong == null && c.matches("[a-z]{3,}id")) {
                wrong = "id";
            }
            if (wrong != null && !wrong.isEmpty() && !used.contains(wrong) && !KEYWORDS.contains(wrong)) {
                options.add(new String[] {column, wrong});
            }
        }
        if (options.isEmpty()) {
            return null;
        }
        String[] pick = options.get(r.nextInt(options.size()));
        return replaceWord(gold, pick[0], pick[1]);
    }

    private static String dropGroupByColumn(String gold) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)GROUP BY\\s+([^;]*?)(\\s+(HAVING|ORDER|LIMIT|\\))|$)").matcher(gold);
        if (!m.find()) {
            return null;
        }
        String[] items = m.group(1).split(",");
        if (items.length < 2) {
            return null;
        }
        String kept = String.join(",", java.util.Arrays.copyOf(items, items.length - 1));
        return gold.substring(0, m.start(1)) + kept + gold.substring(m.end(1));
    }

    private static String wrongTable(String gold, Random r) {
        String table = firstTable(gold);
        if (table == null) {
            return null;
        }
        String bare = table.contains(".") ? table.substring(table.indexOf('.') + 1) : table;
        String wrong = bare.endsWith("s") ? bare.substring(0, bare.length() - 1) + "z" : bare + "_list";
        return replaceWord(gold, bare, wrong);
    }

    /** Drops the qualifier of a qualified column (c.id becomes id), which joins often make ambiguous. */
    private static String unqualify(String gold) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b([A-Za-z_]\\w*)\\.(id|name|[a-z_]*id)\\b").matcher(gold);
        return m.find() ? gold.substring(0, m.start()) + m.group(2) + gold.substring(m.end()) : null;
    }

    static String firstTable(String sql) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)\\bFROM\\s+([A-Za-z_][\\w.]*)").matcher(sql);
        return m.find() ? m.group(1) : null;
    }

    /** Identifiers that look like columns: qualified names and snake_case or camelCase words. */
    private static Set<String> columnLike(String sql) {
        Set<String> out = new LinkedHashSet<>();
        List<SqlLexer.Token> tokens = SqlLexer.tokenize(sql).tokens();
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            boolean afterDot = i > 0 && tokens.get(i - 1).isPunct('.');
            boolean call = i + 1 < tokens.size() && tokens.get(i + 1).isPunct('(');
            boolean tableName = i > 0 && tokens.get(i - 1).type() == SqlLexer.Type.WORD
                    && Set.of("from", "join").contains(tokens.get(i - 1).text().toLowerCase(Locale.ROOT));
            String w = t.text();
            if (t.type() == SqlLexer.Type.WORD && !call && !tableName && !KEYWORDS.contains(w.toLowerCase(Locale.ROOT))
                    && (afterDot || w.contains("_") || !w.equals(w.toLowerCase(Locale.ROOT))) && w.length() > 2) {
                out.add(w);
            }
        }
        return out;
    }

    private static Set<String> identifiers(String sql) {
        Set<String> out = new LinkedHashSet<>();
        for (SqlLexer.Token t : SqlLexer.tokenize(sql).tokens()) {
            if (t.type() == SqlLexer.Type.WORD && !KEYWORDS.contains(t.text().toLowerCase(Locale.ROOT))) {
                out.add(t.text().toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static String replaceWord(String sql, String word, String replacement) {
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (SqlLexer.Token t : SqlLexer.tokenize(sql).tokens()) {
            if (t.type() == SqlLexer.Type.WORD && t.text().equalsIgnoreCase(word)) {
                out.append(sql, copied, t.start()).append(replacement);
                copied = t.end();
            }
        }
        return out.append(sql.substring(copied)).toString();
    }

    private static String line(String text, String prefix) {
        int at = text.indexOf(prefix);
        if (at < 0) {
            return null;
        }
        int end = text.indexOf('\n', at);
        return text.substring(at + prefix.length(), end < 0 ? text.length() : end);
    }

    private static String lastLine(String text, String prefix) {
        List<String> all = allLines(text, prefix);
        return all.isEmpty() ? null : all.get(all.size() - 1);
    }

    private static List<String> allLines(String text, String prefix) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n")) {
            if (l.startsWith(prefix)) {
                out.add(l.substring(prefix.length()));
            }
        }
        return out;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            calls.incrementAndGet();
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            String prompt = "";
            for (JsonNode m : request.path("messages")) {
                if ("user".equals(m.path("role").asText())) {
                    prompt = m.path("content").asText();
                }
            }
            Reply reply = reply(prompt);
            sleep(latency(prompt));
            if (reply.hang()) {
                sleep(600_000);
                return;
            }
            String body;
            if (reply.status() != 200) {
                ObjectNode error = JSON.createObjectNode();
                error.putObject("error").put("message", "injected failure").put("type", reply.status() == 429 ? "rate_limit" : "server_error");
                body = error.toString();
            } else {
                body = completion(reply.content(), prompt.length() / 4, reply.content().length() / 4);
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(reply.status(), bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private long latency(String prompt) {
        if (settings.latencyMs() <= 0) {
            return 0;
        }
        if (!settings.sampledLatency()) {
            return settings.latencyMs();
        }
        Random r = new Random(settings.seed() + prompt.hashCode());
        return (long) (-Math.log(1 - r.nextDouble()) * settings.latencyMs());
    }

    private static String completion(String content, int promptTokens, int completionTokens) {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-fake").put("object", "chat.completion").put("created", 0).put("model", "fault-injecting");
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        root.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
        return root.toString();
    }

    private static void sleep(long ms) {
        if (ms <= 0) {
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
            executor.shutdownNow();
        }
    }
}
