package dev.nlsql.internal.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.nlsql.internal.SqlState;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Appends a verified question and SQL to a knowledge file ({@code nlsql verify}, the shell's {@code \verify}). A YAML
 * file keeps every other line as written (comments too): the entry goes at the end of the {@code verified} list, in its
 * indentation. A JSON file is written again whole. Either way the new text is read back before it replaces the file
 * (written beside it, then moved), under a lock file, so the file is never left half-written or read half-written, and
 * appends at the same time (threads or processes) queue: none is lost.
 */
public final class VerifiedAppender {

    private static final Pattern VERIFIED_KEY = Pattern.compile("(?m)^verified:[ \\t]*(#.*)?$");
    private static final Pattern EMPTY_FLOW = Pattern.compile("(?m)^verified:[ \\t]*\\[[ \\t]*\\][ \\t]*(#.*)?$");
    private static final Pattern ANY_VERIFIED = Pattern.compile("(?m)^verified:");

    private VerifiedAppender() {
    }

    /** Longest an append waits for another (in this process or another) to finish with the same file. */
    static final Duration LOCK_TIMEOUT = Duration.ofSeconds(30);

    /**
     * The lock file's lock is held per process: a second channel of the same process cannot take it (it throws
     * OverlappingFileLockException), so appends within a process queue here first, one lock per lock file.
     */
    private static final ConcurrentMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    /** Appends {@code entry} to the file at {@code path} (made when missing). */
    public static void append(Path path, VerifiedQuestion given) throws SQLException {
        // as the reader will see it: values stripped
        VerifiedQuestion entry = new VerifiedQuestion(given.question().strip(), given.sql().strip(), given.by() == null ? null
                : given.by().strip(), given.at());
        Path lock = path.resolveSibling(path.getFileName() + ".lock");
        long deadline = System.nanoTime() + LOCK_TIMEOUT.toNanos();
        ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(lock.toAbsolutePath().normalize(), k -> new ReentrantLock());
        try {
            if (!inProcess.tryLock(LOCK_TIMEOUT.toNanos(), TimeUnit.NANOSECONDS)) {
                throw busy(path);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw KnowledgeFile.invalid(path, "the append was interrupted while waiting for another one");
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = lock(path, channel, deadline)) {
            appendHeld(path, entry);
        } catch (IOException e) {
            throw KnowledgeFile.invalid(path, "it cannot be written (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        } finally {
            inProcess.unlock();
        }
    }

    /** Read, add, write beside, read back, move over: with the lock held, so no other append runs in between. */
    private static void appendHeld(Path path, VerifiedQuestion entry) throws SQLException, IOException {
        String before = Files.exists(path) ? KnowledgeFile.text(path) : "";
        KnowledgeFile.Raw old = before.isBlank() ? new KnowledgeFile.Raw(List.of(), List.of(), List.of()) : KnowledgeFile.parse(path, before);
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
    }

    /** The lock file's lock, waited for until {@code deadline} (another process's append, or this one's through another path). */
    private static FileLock lock(Path path, FileChannel channel, long deadline) throws IOException, SQLException {
        while (true) {
            try {
                FileLock held = channel.tryLock();
                if (held != null) {
                    return held;
                }
            } catch (OverlappingFileLockException e) {
                // the same lock file reached through another name, in this process: wait as for another process
            }
            if (System.nanoTime() - deadline > 0) {
                throw busy(path);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw KnowledgeFile.invalid(path, "the append was interrupted while waiting for another one");
            }
        }
    }

    private static SQLException busy(Path path) {
        return SqlState.LOCK_NOT_AVAILABLE.exception("nlsql.knowledge " + path + ": another append has held it for more than "
                + LOCK_TIMEOUT.toSeconds() + " s (its lock file is " + path.getFileName() + ".lock); try again");
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
