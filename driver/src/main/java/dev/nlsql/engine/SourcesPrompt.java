package dev.nlsql.engine;

import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaLinker;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex;
import dev.nlsql.internal.schema.Words;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the model is told when a question may read several databases: every source's linked
 * tables under a label naming the source and its database, within one token budget shared
 * between them, and how to answer across sources (one source's SQL, or a plan whose steps name
 * their source, joined in the local engine).
 */
final class SourcesPrompt {

    /** One source's part of the prompt: its name, catalog and the values the question names in it. */
    record Part(String name, SchemaCatalog catalog, List<ValueIndex.ValueLink> values) {
    }

    private SourcesPrompt() {
    }

    /**
     * The schema text: each source whole when all of them fit the budget together, else each linked
     * within an equal share of it.
     */
    static String schema(EngineServices engine, String question, List<Part> parts, boolean sendValues) {
        int total = parts.stream().mapToInt(p -> EngineServices.wholeTokens(p.catalog())).sum();
        int share = total <= SchemaLinker.SCHEMA_TOKEN_BUDGET ? Integer.MAX_VALUE
                : Math.max(1, SchemaLinker.SCHEMA_TOKEN_BUDGET / Math.max(1, parts.size()));
        StringBuilder b = new StringBuilder();
        for (Part p : parts) {
            b.append("-- source ").append(p.name()).append(" (").append(p.catalog().productName()).append(' ')
                    .append(p.catalog().productVersion()).append("): run its tables' queries with \"source\": \"").append(p.name())
                    .append("\"\n");
            String text = share == Integer.MAX_VALUE ? engine.schemaText(p.catalog())
                    : engine.promptSchema(question, p.catalog(), p.values(), share);
            b.append(text.strip()).append('\n');
            if (sendValues && !p.values().isEmpty()) {
                b.append("-- values named in the question in source ").append(p.name()).append(": ")
                        .append(p.values().stream().map(v -> v.hint(p.catalog())).distinct().collect(Collectors.joining(", ")))
                        .append('\n');
            }
            b.append('\n');
        }
        return b.toString().strip();
    }

    /** How to answer across sources, for the system prompt. */
    static String rules(List<String> sources, int sourceRows) {
        return "Sources: the tables below live in " + sources.size() + " separate databases (" + String.join(", ", sources)
                + "); each is labelled with its source, and one query runs on one source only, in that source's SQL dialect.\n"
                + "- For a question one source answers, reply {\"answerable\": true, \"source\": \"<source>\", \"sql\": \"...\"} "
                + "(no source means main).\n"
                + "- For a question that needs tables of two sources, reply with a plan: {\"answerable\": true, \"steps\": "
                + "[{\"purpose\": \"...\", \"source\": \"<source>\", \"sql\": \"...\"}, ...]}. Each step runs on its source and may read "
                + "earlier steps of the same source as step1, step2, ... (its step number). A step with \"source\": \"local\" runs in "
                + "H2 (PostgreSQL mode: ILIKE, ::, date_trunc, extract, string_agg, FILTER, window functions, INTERVAL '1 year' work) "
                + "where every earlier step's rows are the tables step1 ... stepN: join them there. The last step's rows answer. "
                + "In H2, quote year, month, week and day when they are names (AS \"year\"), and compute weeks, day differences "
                + "and regular expressions at the source (H2's weeks start on Sunday; date - date is an interval there).\n"
                + "- At most " + sourceRows + " rows of one step move into the local engine: filter and aggregate at the source, and "
                + "select only the columns the join and the answer need.";
    }

    /**
     * Whether a question names tables of both catalogs: a word of the question (its stem) is the name of a
     * table of each that the other lacks. Offline answers one database at a time, so such a question is
     * not answered from one of them as if the other did not exist.
     */
    static boolean needsBoth(String question, SchemaCatalog a, SchemaCatalog b) {
        Set<String> words = new HashSet<>(Words.stems(question));
        Set<String> inA = tablesNamed(words, a);
        Set<String> inB = tablesNamed(words, b);
        inB.removeAll(tableStems(a));
        inA.removeAll(tableStems(b));
        return !inA.isEmpty() && !inB.isEmpty();
    }

    private static Set<String> tablesNamed(Set<String> words, SchemaCatalog catalog) {
        Set<String> out = new HashSet<>(tableStems(catalog));
        out.retainAll(words);
        return out;
    }

    private static Set<String> tableStems(SchemaCatalog catalog) {
        Set<String> out = new HashSet<>();
        for (TableInfo t : catalog.tables()) {
            List<String> parts = Words.stems(t.name().replace('_', ' '));
            out.addAll(parts);
            out.add(String.join("", parts));
        }
        out.removeIf(Words::isStop);
        return out;
    }
}
