package dev.nlsql.testing;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.knowledge.Knowledge;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the instructions and glossary of a knowledge file written for the tests (northwind-knowledge.yaml,
 * demo-knowledge.yaml) into {@link Knowledge}, until the driver reads such files itself: only the few YAML forms
 * those files use (a list of strings; entries of term, synonyms as [a, b], sql, means). A term with {@code means}
 * is a name; one whose SQL is an aggregate call a measure; any other a filter. Its tables are those its SQL
 * qualifies columns with, in order.
 */
public final class GlossaryFiles {

    private static final Pattern TABLE = Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)\\.[A-Za-z_\"]");
    private static final Pattern AGGREGATE = Pattern.compile("(?i)^\\s*(SUM|COUNT|AVG|MIN|MAX)\\s*\\(");

    private GlossaryFiles() {
    }

    /** The knowledge in a class-path resource. */
    public static Knowledge read(String resource) throws IOException {
        try (InputStream in = GlossaryFiles.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no resource " + resource);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    static Knowledge parse(String yaml) {
        List<String> instructions = new ArrayList<>();
        List<GlossaryTerm> glossary = new ArrayList<>();
        String section = null;
        String term = null;
        List<String> synonyms = List.of();
        String sql = null;
        String means = null;
        for (String raw : (yaml + "\n").split("\n")) {
            String line = raw.replaceAll("\\s+#.*$", "");
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            String s = line.strip();
            boolean top = !Character.isWhitespace(line.charAt(0));
            if (top || s.startsWith("- term:")) {
                if (term != null) {
                    glossary.add(term(term, synonyms, sql, means));
                }
                term = null;
                synonyms = List.of();
                sql = null;
                means = null;
            }
            if (top) {
                section = s.substring(0, s.indexOf(':'));
            } else if ("instructions".equals(section) && s.startsWith("- ")) {
                instructions.add(s.substring(2).strip());
            } else if ("glossary".equals(section)) {
                String entry = s.startsWith("- ") ? s.substring(2).strip() : s;
                String key = entry.substring(0, entry.indexOf(':'));
                String value = entry.substring(entry.indexOf(':') + 1).strip();
                switch (key) {
                    case "term" -> term = value;
                    case "synonyms" -> synonyms = Arrays.stream(value.replaceAll("^\\[|\\]$", "").split(",")).map(String::strip)
                            .filter(v -> !v.isEmpty()).toList();
                    case "sql" -> sql = value;
                    case "means" -> means = value.toLowerCase(Locale.ROOT);
                    default -> throw new IllegalArgumentException("unknown glossary key " + key);
                }
            }
        }
        return new Knowledge(instructions, glossary, List.of());
    }

    private static GlossaryTerm term(String term, List<String> synonyms, String sql, String means) {
        if (means != null) {
            String table = means.contains(".") ? means.substring(0, means.lastIndexOf('.')) : means;
            return new GlossaryTerm(term, synonyms, GlossaryTerm.Kind.NAME, null, means, List.of(table));
        }
        List<String> tables = new ArrayList<>();
        Matcher m = TABLE.matcher(sql.replaceAll("'[^']*'", "''"));
        while (m.find()) {
            String t = m.group(1).toLowerCase(Locale.ROOT);
            if (!tables.contains(t)) {
                tables.add(t);
            }
        }
        GlossaryTerm.Kind kind = AGGREGATE.matcher(sql).find() ? GlossaryTerm.Kind.MEASURE : GlossaryTerm.Kind.FILTER;
        return new GlossaryTerm(term, synonyms, kind, sql, null, tables);
    }
}
