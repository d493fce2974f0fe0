package dev.nlsql.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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
    private final List<String> answeredFrom = new ArrayList<>();

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

    void succeed(String sql, long elapsed) {
        success = true;
        finalSql = sql;
        elapsedMillis = elapsed;
    }

    void fail(String state, String message, long elapsed) {
        success = false;
        sqlState = state;
        error = message;
        elapsedMillis = elapsed;
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

    /** "answered by: SQL after N attempts", or why not; a follow-up adds the question it was read as. */
    public String summary() {
        String readAs = resolvedQuestion == null ? "" : " (follow-up read as: \"" + resolvedQuestion + "\")";
        if (success) {
            return "answered by: " + finalSql + " after " + attempts.size() + (attempts.size() == 1 ? " attempt" : " attempts")
                    + (sources().equals(List.of("main")) ? "" : " on sources " + String.join(", ", sources()))
                    + (notes.isEmpty() ? "" : "; " + String.join("; ", notes)) + readAs;
        }
        return "not answered after " + attempts.size() + " attempts: " + error + readAs;
    }
}
