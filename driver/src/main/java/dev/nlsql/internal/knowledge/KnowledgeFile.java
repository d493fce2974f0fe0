package dev.nlsql.internal.knowledge;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.nlsql.config.NlConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads a knowledge file ({@code nlsql.knowledge}): YAML ({@code .yaml}, {@code .yml}) or JSON, in the shape DESIGN.md
 * fixes ({@code instructions}, {@code glossary}, {@code verified}). Only the shape is checked here (known keys, strings
 * where strings belong, every bound); what the SQL means is {@link KnowledgeCheck}'s. A file that cannot be used fails
 * with 22023 naming the entry. The file is the data owners' but still bounded: its size, its nesting and every entry.
 */
public final class KnowledgeFile {

    /** Largest knowledge file read. */
    static final long MAX_BYTES = 4L << 20;
    /** Longest a read of the file may take: a FIFO or a stalled mount must not hold a connect. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
    static final int MAX_INSTRUCTIONS = 200;
    static final int MAX_INSTRUCTION_CHARS = 2_000;
    static final int MAX_TERMS = 2_000;
    static final int MAX_VERIFIED = 10_000;
    static final int MAX_SQL_CHARS = 20_000;
    static final int MAX_WORD_CHARS = 200;
    /** As long as a question may be (Question.MAX_LENGTH). */
    static final int MAX_QUESTION_CHARS = 10_000;

    private static final Set<String> TOP = Set.of("instructions", "glossary", "verified");
    private static final Set<String> TERM_KEYS = Set.of("term", "synonyms", "sql", "means");
    private static final Set<String> VERIFIED_KEYS = Set.of("question", "sql", "by", "at");

    /** A glossary entry as written: its kind is not known before the catalog is. */
    record RawTerm(int number, String term, List<String> synonyms, String sql, String means) {
    }

    /** The file as written, before its SQL is checked. */
    record Raw(List<String> instructions, List<RawTerm> glossary, List<VerifiedQuestion> verified) {
    }

    private KnowledgeFile() {
    }

    /** Reads and checks the shape of the file at {@code path}. */
    static Raw read(Path path) throws SQLException {
        return parse(path, text(path));
    }

    /**
     * The text of the file at {@code path}, bounded by what is read (not by the size the file system reports): a regular
     * file of at most {@link #MAX_BYTES} bytes of UTF-8, read within {@link #READ_TIMEOUT}.
     */
    static String text(Path path) throws SQLException {
        try {
            byte[] bytes = BoundedRead.read(path, MAX_BYTES, READ_TIMEOUT);
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (BoundedRead.Refused e) {
            throw invalid(path, e.getMessage());
        } catch (CharacterCodingException e) {
            throw invalid(path, "it is not UTF-8 text");
        } catch (IOException e) {
            throw invalid(path, "it cannot be read (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
    }

    /** Checks the shape of {@code text}, the file at {@code path} as read. */
    static Raw parse(Path path, String text) throws SQLException {
        JsonNode root;
        try {
            root = mapper(isYaml(path)).readTree(text);
        } catch (IOException | RuntimeException e) { // SnakeYAML's own exceptions are not all wrapped
            throw invalid(path, "it is not valid " + (isYaml(path) ? "YAML" : "JSON") + ": " + firstLine(e.getMessage()));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new Raw(List.of(), List.of(), List.of()); // an empty file knows nothing yet
        }
        if (!root.isObject()) {
            throw invalid(path, "it must be a mapping with instructions, glossary and verified");
        }
        unknownKeys(path, root, TOP, "the file");
        return new Raw(instructions(path, root.get("instructions")), glossary(path, root.get("glossary")),
                verified(path, root.get("verified")));
    }

    static boolean isYaml(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    /** A reader bounded in nesting and size; YAML aliases are not expanded by Jackson's streaming parser. */
    static ObjectMapper mapper(boolean yaml) {
        StreamReadConstraints limits = StreamReadConstraints.builder().maxNestingDepth(16).maxStringLength((int) MAX_BYTES).build();
        JsonFactory factory;
        if (yaml) {
            LoaderOptions options = new LoaderOptions();
            options.setCodePointLimit((int) MAX_BYTES);
            options.setAllowDuplicateKeys(false);
            options.setMaxAliasesForCollections(10);
            options.setNestingDepthLimit(16);
            factory = YAMLFactory.builder().loaderOptions(options).streamReadConstraints(limits).build();
        } else {
            factory = JsonFactory.builder().streamReadConstraints(limits).build();
        }
        return new ObjectMapper(factory);
    }

    private static List<String> instructions(Path path, JsonNode node) throws SQLException {
        List<String> out = new ArrayList<>();
        for (JsonNode n : list(path, node, "instructions", MAX_INSTRUCTIONS)) {
            String where = "instruction " + (out.size() + 1);
            out.add(text(path, n, where, MAX_INSTRUCTION_CHARS));
        }
        return out;
    }

    private static List<RawTerm> glossary(Path path, JsonNode node) throws SQLException {
        List<RawTerm> out = new ArrayList<>();
        for (JsonNode n : list(path, node, "glossary", MAX_TERMS)) {
            int number = out.size() + 1;
            String where = "glossary entry " + number;
            if (!n.isObject()) {
                throw invalid(path, where + " must be a mapping with term and one of sql or means");
            }
            String term = text(path, n.get("term"), where + ": term", MAX_WORD_CHARS);
            where = "glossary entry " + number + " (\"" + term + "\")";
            unknownKeys(path, n, TERM_KEYS, where);
            List<String> synonyms = new ArrayList<>();
            for (JsonNode s : list(path, n.get("synonyms"), where + ": synonyms", 50)) {
                synonyms.add(text(path, s, where + ": a synonym", MAX_WORD_CHARS));
            }
            String sql = optionalText(path, n.get("sql"), where + ": sql", MAX_SQL_CHARS);
            String means = optionalText(path, n.get("means"), where + ": means", MAX_WORD_CHARS);
            if ((sql == null) == (means == null)) {
                throw invalid(path, where + " needs exactly one of sql (a measure or a filter) and means (a table or column)");
            }
            out.add(new RawTerm(number, term, synonyms, sql, means));
        }
        return out;
    }

    private static List<VerifiedQuestion> verified(Path path, JsonNode node) throws SQLException {
        List<VerifiedQuestion> out = new ArrayList<>();
        for (JsonNode n : list(path, node, "verified", MAX_VERIFIED)) {
            String where = "verified question " + (out.size() + 1);
            if (!n.isObject()) {
                throw invalid(path, where + " must be a mapping with question and sql");
            }
            String question = text(path, n.get("question"), where + ": question", MAX_QUESTION_CHARS);
            where = "verified question " + (out.size() + 1) + " (\"" + question + "\")";
            unknownKeys(path, n, VERIFIED_KEYS, where);
            out.add(new VerifiedQuestion(question, text(path, n.get("sql"), where + ": sql", MAX_SQL_CHARS),
                    optionalText(path, n.get("by"), where + ": by", MAX_WORD_CHARS), optionalText(path, n.get("at"), where + ": at", 64)));
        }
        return out;
    }

    private static List<JsonNode> list(Path path, JsonNode node, String what, int max) throws SQLException {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw invalid(path, what + " must be a list");
        }
        if (node.size() > max) {
            throw invalid(path, what + " has " + node.size() + " entries; at most " + max + " are read");
        }
        List<JsonNode> out = new ArrayList<>();
        node.forEach(out::add);
        return out;
    }

    private static String text(Path path, JsonNode node, String what, int max) throws SQLException {
        String t = optionalText(path, node, what, max);
        if (t == null) {
            throw invalid(path, what + " is missing");
        }
        return t;
    }

    private static String optionalText(Path path, JsonNode node, String what, int max) throws SQLException {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isValueNode()) {
            // "- Revenue is: price times quantity" is a mapping to YAML: the usual slip
            throw invalid(path, what + " must be text" + (node.isObject() && node.size() == 1
                    ? " (YAML reads \"" + node.fieldNames().next() + ": ...\" as a mapping: put the text in quotes)" : ""));
        }
        String t = node.asText().strip();
        if (t.isEmpty()) {
            throw invalid(path, what + " is empty");
        }
        if (t.length() > max) {
            throw invalid(path, what + " is " + t.length() + " characters long; at most " + max);
        }
        return t;
    }

    private static void unknownKeys(Path path, JsonNode node, Set<String> known, String where) throws SQLException {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            String key = it.next().getKey();
            if (!known.contains(key)) {
                throw invalid(path, where + " has an unknown key '" + key + "' (known: " + String.join(", ", known.stream().sorted().toList())
                        + ")");
            }
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    static SQLException invalid(Path path, String why) {
        return new SQLException("nlsql.knowledge " + path + ": " + why, NlConfig.INVALID_VALUE);
    }
}
