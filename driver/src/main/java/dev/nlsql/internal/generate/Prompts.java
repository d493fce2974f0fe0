package dev.nlsql.internal.generate;

import dev.nlsql.sql.SqlLexer;

import dev.langchain4j.model.input.PromptTemplate;
import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.internal.diagnose.Feedback;
import dev.nlsql.internal.generate.GenerationRequest.PreviousAttempt;
import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.knowledge.Knowledge;
import dev.nlsql.internal.knowledge.VerifiedQuestion;
import dev.nlsql.internal.sql.ValueFreeSql;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The prompt templates in {@code dev/nlsql/prompts/}, rendered for one request.
 *
 * <p>With {@link GenerationRequest#sendValues()} false the model is sent no sampled value and no
 * text of the database's own: an earlier attempt is described by its SQL (the model's own), its
 * error category and SQLSTATE, nlsql's feedback templates, and only those names the catalog or
 * that SQL holds, and the SQL itself with every literal the model did not write or read in the question hidden
 * ({@link #modelHas}), whoever made the attempt. Earlier attempts are bounded either way: the last {@link #SHOWN_ATTEMPTS},
 * each part cut at {@link #MAX_PART} characters.
 */
public final class Prompts {

    /** Characters of one earlier attempt's SQL, error or feedback shown in a retry prompt. */
    static final int MAX_PART = 2_000;
    /** Earlier attempts shown in a retry prompt: the latest ones matter, and the prompt must stay bounded. */
    static final int SHOWN_ATTEMPTS = 3;

    private static final PromptTemplate SYSTEM = load("system.txt");
    private static final PromptTemplate QUESTION = load("question.txt");
    private static final PromptTemplate RETRY = load("retry.txt");
    /** The first call's reply form: the relevance decision and the SQL in one JSON object (the gate costs no extra call). */
    private static final String DECISION = load("decision.txt").template();

    private Prompts() {
    }

    public static String system(GenerationRequest r) {
        String text = SYSTEM.apply(Map.of("dialect", r.dialect(), "schema", r.schemaText())).text();
        if (r.sources() == null) {
            return text;
        }
        int schema = text.lastIndexOf("Schema:");
        return text.substring(0, schema) + r.sources().strip() + "\n\n" + text.substring(schema);
    }

    public static String user(GenerationRequest r) {
        String instructions = (r.instructions() == null || r.instructions().isBlank() ? "" : "Instructions: " + r.instructions().strip() + "\n")
                + knowledge(r);
        String hints = !r.sendValues() || r.values().isEmpty() ? "" : "Values named in the question: "
                + r.values().stream().map(v -> v.hint(r.catalog())).distinct().collect(Collectors.joining(", ")) + "\n";
        String question = QUESTION.apply(Map.of("instructions", instructions, "hints", hints, "question", r.question())).text();
        if (r.previous().isEmpty()) {
            return question + "\n\n" + DECISION;
        }
        String retry = RETRY.apply(Map.of("attempts", attempts(r))).text();
        if (r.sources() != null) { // across sources the answer must still say where each query runs
            retry = retry.replace("Reply with the SQL only.", "Reply with JSON only: {\"source\": \"...\", \"sql\": \"...\"} "
                    + "or {\"steps\": [{\"purpose\": \"...\", \"source\": \"...\", \"sql\": \"...\"}, ...]}.");
        }
        return question + "\n\n" + retry;
    }

    /** Characters of the knowledge file shown in one prompt: its instructions, the terms the question uses, examples. */
    static final int MAX_KNOWLEDGE = 6_000;

    /**
     * What the data's owners say (the knowledge file): every instruction, the glossary terms the question uses, and the
     * verified examples most like it. With sendValues=false the file's SQL is shown without its string literals.
     */
    static String knowledge(GenerationRequest r) {
        Knowledge k = r.knowledge();
        if (k == null || k.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        if (!k.instructions().isEmpty()) {
            b.append("The data's owners say:\n");
            k.instructions().forEach(i -> b.append("- ").append(oneLine(i)).append('\n'));
        }
        if (!k.glossary().isEmpty()) {
            b.append("Business words in the question, as the data's owners define them:\n");
            for (GlossaryTerm t : k.glossary()) {
                b.append("- ").append(oneLine(t.term()));
                if (!t.synonyms().isEmpty()) {
                    b.append(" (also: ").append(oneLine(String.join(", ", t.synonyms()))).append(')');
                }
                b.append(switch (t.kind()) {
                    case MEASURE -> ": the measure " + shown(r, t.sql());
                    case FILTER -> ": the condition " + shown(r, t.sql());
                    case NAME -> t.meansColumn() == null ? ": the table " + t.means() : ": the column " + t.means();
                }).append('\n');
            }
        }
        if (!k.verified().isEmpty()) {
            b.append("Verified examples (questions, and the SQL checked for them):\n");
            for (VerifiedQuestion v : k.verified()) {
                b.append("- Question: ").append(oneLine(v.question())).append("\n  SQL: ").append(shown(r, v.sql())).append('\n');
            }
        }
        String text = b.toString();
        return text.length() <= MAX_KNOWLEDGE ? text : text.substring(0, MAX_KNOWLEDGE) + "…\n";
    }

    private static String shown(GenerationRequest r, String sql) {
        return oneLine(r.sendValues() ? sql : ValueFreeSql.of(sql));
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    static String attempts(GenerationRequest r) {
        List<PreviousAttempt> previous = r.previous();
        int first = Math.max(0, previous.size() - SHOWN_ATTEMPTS);
        StringBuilder b = new StringBuilder();
        if (first > 0) {
            b.append("(").append(first).append(first == 1 ? " earlier attempt" : " earlier attempts").append(" not shown)\n");
        }
        for (int i = first; i < previous.size(); i++) {
            PreviousAttempt p = previous.get(i);
            String error;
            String feedback;
            String sql;
            if (r.sendValues()) {
                sql = p.sql();
                error = p.error();
                feedback = p.feedback();
            } else {
                sql = ValueFreeSql.masked(p.sql(), literal -> modelHas(r, literal));
                Diagnosis d = withoutDatabaseText(p.diagnosis(), sql); // a name is kept only as the SQL shown writes it
                error = errorLine(d);
                feedback = Feedback.forDiagnosis(d, p.timeoutSeconds());
            }
            b.append("Attempt ").append(i + 1).append(":\n");
            b.append("SQL: ").append(sql == null ? "(no SQL)" : cap(sql.replaceAll("\\s+", " "))).append('\n');
            b.append("Error: ").append(cap(error)).append('\n');
            b.append("Fix: ").append(cap(feedback)).append('\n');
        }
        return b.toString().strip();
    }

    /**
     * Whether the model already has a literal of an earlier attempt, so showing it back sends nothing new: it wrote it in
     * a reply of its own, the question holds it, or (a double-quoted word) it is a name of the catalog. Whoever made the
     * attempt (the knowledge file, the cache, the wider search, a repair, the rules) does not matter.
     */
    static boolean modelHas(GenerationRequest r, ValueFreeSql.Literal literal) {
        String text = literal.text();
        String content = literal.content();
        if (literal.kind() == ValueFreeSql.Kind.NUMBER) {
            Pattern whole = Pattern.compile("(?<![\\w.])" + Pattern.quote(text) + "(?![\\w.])");
            return whole.matcher(r.question()).find() || r.modelReplies().stream().anyMatch(reply -> whole.matcher(reply).find());
        }
        if (content.isEmpty() || r.question().contains(content)) {
            return true;
        }
        String inJson = text.replace("\\", "\\\\").replace("\"", "\\\""); // a plan's SQL sits in a JSON string
        if (r.modelReplies().stream().anyMatch(reply -> reply.contains(text) || reply.contains(inJson))) {
            return true;
        }
        return literal.kind() == ValueFreeSql.Kind.QUOTED && r.catalog() != null && r.catalog().tables().stream()
                .anyMatch(t -> t.name().equals(content) || t.columns().stream().anyMatch(c -> c.name().equals(content)));
    }

    /**
     * The diagnosis without anything the database wrote: its message goes, and the name at fault
     * stays only when the model's SQL wrote it as a name (a word or a quoted identifier). Not when it
     * is merely a catalog name or somewhere in the SQL's text: {@code ref::regclass} makes PostgreSQL
     * name a row's value as a missing relation, which may equal a column's name or a guess the model
     * put in a string. A diagnosis without a SQLSTATE was made by nlsql from the model's reply
     * ({@link Diagnosis#of}) and is kept.
     */
    static Diagnosis withoutDatabaseText(Diagnosis d, String sql) {
        if (d.sqlState() == null) {
            return d;
        }
        boolean nameKnown = writtenAsName(d.name(), sql);
        String name = nameKnown ? d.name() : null;
        String qualifier = nameKnown && writtenAsName(d.qualifier(), sql) ? d.qualifier() : null;
        return new Diagnosis(d.category(), null, d.sqlState(), name, qualifier, d.candidates(), d.scope());
    }

    private static String errorLine(Diagnosis d) {
        String state = d.sqlState() == null || d.sqlState().isBlank() ? "" : " (SQLSTATE " + d.sqlState() + ")";
        return d.category().label() + state + (d.message() == null ? "" : ": " + d.message());
    }

    private static boolean writtenAsName(String name, String sql) {
        if (name == null || name.isBlank() || sql == null) {
            return false;
        }
        for (SqlLexer.Token t : SqlLexer.tokenize(sql).tokens()) {
            if ((t.type() == SqlLexer.Type.WORD || t.type() == SqlLexer.Type.QUOTED_IDENT)
                    && SqlLexer.foldIdentifier(t.text()).equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** At most {@link #MAX_PART} characters, an ellipsis marking a cut. */
    static String cap(String s) {
        if (s == null || s.length() <= MAX_PART) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(MAX_PART - 1)) ? MAX_PART - 1 : MAX_PART;
        return s.substring(0, end) + "…";
    }

    private static PromptTemplate load(String name) {
        try (InputStream in = Prompts.class.getResourceAsStream("/dev/nlsql/prompts/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing prompt template " + name);
            }
            return PromptTemplate.from(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
