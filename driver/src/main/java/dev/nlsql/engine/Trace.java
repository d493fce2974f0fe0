package dev.nlsql.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything that happened for one question: each attempt, the SQL that answered, and the totals. */
public final class Trace {

    private String question;
    /** The database asked, as a log names it (no user, password or parameters). */
    private String database = "-";
    /** The standalone question a follow-up was read as, or null when the question stood alone. */
    private String resolvedQuestion;
    private final List<Attempt> attempts = new ArrayList<>();
    private String finalSql;
    private boolean success;
    private int llmCalls;
    private int inputTokens;
    private int outputTokens;
    private long elapsedMillis;
    private String sqlState;
    private String error;
    /** What the answer's reader should know about how it was found (a widened filter, a fallback). */
    private final List<String> notes = new ArrayList<>();
    /** How the answer a cached one replays was found (repaired, retried, widened), so that the replay is as sure as it was. */
    private final List<String> replayed = new ArrayList<>();
    private final List<String> answeredFrom = new ArrayList<>();
    /** How the answering SQL reads in words, and what of it the question does not account for. */
    private String reading;
    private final List<String> doubts = new ArrayList<>();
    /** Nanoseconds spent per stage, in the order the stages were first met; the rest of the total is unattributed. */
    private final Map<String, Long> stageNanos = new LinkedHashMap<>();
    private long elapsedNanos;

    Trace(String question) {
        this.question = question;
    }

    void add(Attempt attempt) {
        attempts.add(attempt);
        inputTokens += attempt.inputTokens();
        outputTokens += attempt.outputTokens();
    }

    /** The last attempt as it turned out after it was recorded (a plan step whose rows were too many to move). */
    void replaceLast(Attempt attempt) {
        attempts.set(attempts.size() - 1, attempt);
    }

    void llmCalls(int calls) {
        llmCalls += calls;
    }

    /** A model call outside the attempts (follow-up rewrite, narration): counted in the calls and tokens. */
    void sideCall(int calls, int in, int out) {
        llmCalls += calls;
        inputTokens += in;
        outputTokens += out;
    }

    /** The question was a follow-up: {@code asked} as the person wrote it, answered as {@code standalone}. */
    void followUp(String asked, String standalone) {
        question = asked;
        resolvedQuestion = standalone;
    }

    /** Adds {@code nanos} to a stage's time (a stage met twice, as generate on a retry, adds up). */
    void stage(String name, long nanos) {
        stageNanos.merge(name, Math.max(0, nanos), Long::sum);
    }

    private String currentStage;
    private long stageSince;

    /**
     * From now on time goes to {@code stage} (null: to no stage), and the time since the last switch to the stage it
     * was going to. Returns that stage, for the caller to switch back to: a stage entered inside another (the catalog
     * read again during the guard) takes its own time out of the outer one, so the stages never add up to more than the
     * question took.
     */
    String enter(String stage) {
        long now = System.nanoTime();
        if (currentStage != null) {
            stage(currentStage, now - stageSince);
        }
        String previous = currentStage;
        currentStage = stage;
        stageSince = now;
        return previous;
    }

    /** Ends the stages and sets the total, measured from {@code startNanos} (a {@link System#nanoTime()}). */
    private void stop(long startNanos) {
        enter(null);
        elapsedNanos = System.nanoTime() - startNanos;
        elapsedMillis = elapsedNanos / 1_000_000;
    }

    /**
     * Milliseconds (fractional) per stage, in the order the stages were met: {@code catalog} (catalog and guard lookup),
     * {@code knowledge}, {@code verified}, {@code cache}, {@code linking} (schema and value linking, the prompt's
     * schema), {@code generate} (the model call or the offline rules, prompt and reply included), {@code gate} (the
     * relevance check on the reply), {@code guard} (parse, policy, catalog check), {@code execute} (read-only
     * transaction, statement, first rows), {@code diagnose} (error classification and repair), {@code fallback},
     * {@code interpret} (the answer read into words; a replayed cached answer has none).
     * Their sum is at most {@link #elapsedMillis()}; what is left is the loop's own bookkeeping.
     */
    public Map<String, Double> stageMillis() {
        Map<String, Double> out = new LinkedHashMap<>();
        stageNanos.forEach((k, v) -> out.put(k, v / 1e6));
        return Collections.unmodifiableMap(out);
    }

    /** The whole question in fractional milliseconds (the same span as {@link #elapsedMillis()}). */
    public double totalMillis() {
        return elapsedNanos / 1e6;
    }

    /** "catalog 0.012, linking 0.310, generate 2.051, ... of 3.004 ms": the stages on one line. */
    public String stagesLine() {
        StringBuilder b = new StringBuilder();
        stageMillis().forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k).append(' ')
                .append(String.format(java.util.Locale.ROOT, "%.3f", v)));
        return b.append(b.isEmpty() ? "" : " ").append(String.format(java.util.Locale.ROOT, "of %.3f ms", totalMillis())).toString();
    }

    /** The question was answered by {@code sql}; the stages and the total end now ({@code startNanos}: its start). */
    void succeed(String sql, long startNanos) {
        stop(startNanos);
        success = true;
        finalSql = sql;
    }

    /** The question failed; the stages and the total end now ({@code startNanos}: its start). */
    void fail(String state, String message, long startNanos) {
        stop(startNanos);
        success = false;
        sqlState = state;
        error = message;
    }

    public String question() {
        return question;
    }

    void database(String name) {
        database = name;
    }

    /** The database the question was asked of, as logs name it: host, port and database, no credentials or parameters. */
    public String database() {
        return database;
    }

    /**
     * The standalone question a follow-up ("and in 2023?") was read as against the connection's previous question, the
     * one the attempts answer; null when the question stood alone.
     */
    public String resolvedQuestion() {
        return resolvedQuestion;
    }

    public List<Attempt> attempts() {
        return Collections.unmodifiableList(attempts);
    }

    /** The SQL that answered, or null when none did. */
    public String finalSql() {
        return finalSql;
    }

    public boolean success() {
        return success;
    }

    public int llmCalls() {
        return llmCalls;
    }

    public int inputTokens() {
        return inputTokens;
    }

    public int outputTokens() {
        return outputTokens;
    }

    public long elapsedMillis() {
        return elapsedMillis;
    }

    public String sqlState() {
        return sqlState;
    }

    public String error() {
        return error;
    }

    void note(String note) {
        notes.add(note);
    }

    /** This answer replays a cached one: its notes and how it was found (the {@link Narrator#howFound} reasons) go along. */
    void replays(AnswerCache.Entry cached) {
        cached.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
        replayed.addAll(cached.howFound());
    }

    /** How the answer this one replays from the cache was found; empty when it is no replay. */
    List<String> replayed() {
        return Collections.unmodifiableList(replayed);
    }

    /** How the answer was found where it matters to its reader: "the filter was widened: ...", the fallback analysis. */
    public List<String> notes() {
        return Collections.unmodifiableList(notes);
    }

    /** Attempts from one source (wider searches, plan steps, fallbacks, repairs). */
    public int count(Attempt.Source source) {
        return (int) attempts.stream().filter(a -> a.source() == source).count();
    }

    public int repairs() {
        return (int) attempts.stream().filter(a -> a.source() == Attempt.Source.REPAIR).count();
    }

    /**
     * The databases the answer came from, in the order they were first used: the sources of the
     * answering attempt and of the plan steps it built on; just {@code main} for a one-database answer.
     */
    public List<String> sources() {
        return answeredFrom.isEmpty() ? List.of("main") : Collections.unmodifiableList(answeredFrom);
    }

    void answeredFrom(List<String> databases) {
        answeredFrom.clear();
        for (String d : databases) {
            if (!answeredFrom.contains(d)) {
                answeredFrom.add(d);
            }
        }
    }

    /** The answering SQL read in words, and its doubts (each element of it the question does not account for). */
    /** A doubt found after the reading: what the data says of it (a period it has no rows of yet). */
    void doubt(String doubt) {
        doubts.add(doubt);
    }

        void interpretation(String reading, List<String> doubts) {
        this.reading = reading;
        this.doubts.clear();
        this.doubts.addAll(doubts);
    }

    /** The reading alone, without the follow-up's words or the doubts: what the answer cache keeps. */
    String reading() {
        return reading;
    }

    /**
     * How the question was read, in plain English, from the SQL that answered: what is counted, summed or listed, from
     * which table, with which filters, grouping, order, limit and joins; the spelling, glossary terms, verified question
     * and follow-up it used; then "Not sure: ..." with each doubt. Null when no SQL answered.
     */
    public String interpretation() {
        if (reading == null) {
            return null;
        }
        String followUp = resolvedQuestion == null ? "" : " Read the follow-up as \"" + resolvedQuestion + "\".";
        return reading + followUp + (doubts.isEmpty() ? "" : " Not sure: " + String.join("; ", doubts) + ".");
    }

    /**
     * What of the answering SQL the question does not account for (a table, filter, grouping or limit nobody asked for, a
     * value in more than one column, a word of the question the SQL does not show); empty when the reading is unique,
     * which "high" confidence requires.
     */
    public List<String> doubts() {
        return Collections.unmodifiableList(doubts);
    }

    /** "answered by: SQL after N attempts", or why not; a follow-up adds the question it was read as. */
    public String summary() {
        String readAs = resolvedQuestion == null ? "" : " (follow-up read as: \"" + resolvedQuestion + "\")";
        if (success) {
            return "answered by: " + finalSql + " after " + attempts.size() + (attempts.size() == 1 ? " attempt" : " attempts")
                    + (sources().equals(List.of("main")) ? "" : " on sources " + String.join(", ", sources()))
                    + (notes.isEmpty() ? "" : "; " + String.join("; ", notes)) + readAs
                    + (reading == null ? "" : "; interpretation: " + interpretation());
        }
        return "not answered after " + attempts.size() + " attempts: " + error + readAs;
    }
}
