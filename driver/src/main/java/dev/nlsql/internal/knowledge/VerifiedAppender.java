package dev.nlsql.internal.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Appends a verified question and SQL to a knowledge file ({@code nlsql verify}, the shell's {@code \verify}). A YAML
 * file keeps every other line as written (comments too): the entry goes at the end of the {@code verified} list, in its
 * indentation. A JSON file is written again whole. Either way the new text is read back before it replaces the file
 * (written beside it, then moved), under a lock file, so the file is never left half-written or read half-written.
 */
public final class VerifiedAppender {

    private static final Pattern VERIFIED_KEY = Pattern.compile("(?m)^verified:[ \\t]*(#.*)?$");
    private static final Pattern EMPTY_FLOW = Pattern.compile("(?m)^verified:[ \\t]*\\[[ \\t]*\\][ \\t]*(#.*)?$");
    private static final Pattern ANY_VERIFIED = Pattern.compile("(?m)^verified:");

    private VerifiedAppender() {
    }

    /** Appends {@code entry} to the file at {@code path} (made when missing). */
    public static void append(Path path, VerifiedQuestion given) throws SQLException {
        // as the reader will see it: values stripped
        VerifiedQuestion entry = new VerifiedQuestion(given.question().strip(), given.sql().strip(), given.by() == null ? null
                : given.by().strip(), given.at());
        Path lock = path.resolveSibling(path.getFileName() + ".lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            String before = Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8) : "";
            KnowledgeFile.Raw old = before.isBlank() ? new KnowledgeFile.Raw(List.of(), List.of(), List.of()) : KnowledgeFile.read(path);
            if (old.verified().size() >= KnowledgeFile.MAX_VERIFIED) {
                throw KnowledgeFile.invalid(path, "it holds " + old.verified().size() + " verified questions, the most it may");
            }
            String after = KnowledgeFile.isYaml(path) ? yaml(path, before, entry) : json(path, before, entry);
            Path written = path.resolveSibling("." + path.getFileName() + ".new." + (KnowledgeFile.isYaml(path) ? "yaml" : "json"));
            Files.writeString(written, after, StandardCharsets.UTF_8);
            try {
                KnowledgeFile.Raw now = KnowledgeFile.read(written);
                List<VerifiedQuestion> expected = new ArrayList<>(old.verified());
                expected.add(entry);
                if (!now.verified().equals(expected) || !now.glossary().equals(old.glossary()) || !now.instructions().equals(old.instructions())) {
                    throw KnowledgeFile.invalid(path, "the entry could not be added without changing the rest of the file; add it by hand");
                }
                Files.move(written, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(written);
            }
        } catch (IOException e) {
            throw KnowledgeFile.invalid(path, "it cannot be written (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
    }

    private static String yaml(Path path, String text, VerifiedQuestion entry) throws SQLException {
        String body = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
        Matcher empty = EMPTY_FLOW.matcher(body);
        if (empty.find()) {
            body = body.substring(0, empty.start()) + "verified:" + body.substring(empty.end());
        }
        Matcher key = VERIFIED_KEY.matcher(body);
        if (!key.find()) {
            if (ANY_VERIFIED.matcher(body).find()) {
                throw KnowledgeFile.invalid(path, "its verified list is written in flow style ([...]); write it as a block list to add to it");
            }
            return body + "verified:\n" + indented(entryText(entry), "  ");
        }
        // the list runs until the next line that starts a key at the margin
        int lineStart = body.indexOf('\n', key.end()) + 1;
        int end = body.length();
        String indent = null;
        for (int at = lineStart; at < body.length(); ) {
            int next = body.indexOf('\n', at);
            next = next < 0 ? body.length() : next + 1;
            String line = body.substring(at, next);
            String stripped = line.strip();
            if (!stripped.isEmpty() && !stripped.startsWith("#")) {
                if (!Character.isWhitespace(line.charAt(0)) && line.charAt(0) != '-') {
                    end = at;
                    break;
                }
                if (indent == null && stripped.startsWith("-")) {
                    indent = line.substring(0, line.indexOf('-'));
                }
            }
            at = next;
        }
        return body.substring(0, end) + indented(entryText(entry), indent == null ? "  " : indent) + body.substring(end);
    }

    private static String json(Path path, String text, VerifiedQuestion entry) throws SQLException {
        try {
            ObjectMapper mapper = KnowledgeFile.mapper(false);
            JsonNode root = text.isBlank() ? mapper.createObjectNode() : mapper.readTree(text);
            if (!(root instanceof ObjectNode object)) {
                throw KnowledgeFile.invalid(path, "it must be a mapping with instructions, glossary and verified");
            }
            JsonNode list = object.get("verified");
            ArrayNode verified = list instanceof ArrayNode a ? a : object.putArray("verified");
            verified.add(mapper.valueToTree(fields(entry)));
            return mapper.writer(new com.fasterxml.jackson.core.util.DefaultPrettyPrinter()).with(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(object) + "\n";
        } catch (IOException e) {
            throw KnowledgeFile.invalid(path, "it is not valid JSON: " + e.getMessage());
        }
    }

    /** The entry as a YAML list item, every string quoted, multi-line SQL as a literal block. */
    private static String entryText(VerifiedQuestion entry) throws SQLException {
        YAMLFactory factory = YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .disable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE).build();
        try {
            return new ObjectMapper(factory).writeValueAsString(List.of(fields(entry)));
        } catch (IOException e) {
            throw new SQLException("the verified question could not be written as YAML: " + e.getMessage(), e);
        }
    }

    private static Map<String, String> fields(VerifiedQuestion entry) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("question", entry.question());
        fields.put("sql", entry.sql());
        if (entry.by() != null) {
            fields.put("by", entry.by());
        }
        if (entry.at() != null) {
            fields.put("at", entry.at());
        }
        return fields;
    }

    private static String indented(String text, String indent) {
        StringBuilder b = new StringBuilder();
        String[] lines = text.split("\n", -1);
        int n = lines[lines.length - 1].isEmpty() ? lines.length - 1 : lines.length;
        for (int i = 0; i < n; i++) {
            b.append(lines[i].isEmpty() ? "" : indent + lines[i]).append('\n'); // an empty line of a block stays empty
        }
        return b.toString();
    }
}
