package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The FROM clause that connects a base table to the other tables a question needs, along the
 * shortest foreign-key paths. Notes whether a join goes from a parent to its children
 * (one-to-many), which repeats the parent's rows and so matters to aggregates.
 */
final class Joins {

    /** One step of a path; {@code unsettled} when it stands for several keys the question does not choose between. */
    private record Edge(TableInfo from, TableInfo to, String condition, boolean toChildren, boolean unsettled, ForeignKey key) {
        TableInfo child() {
            return toChildren ? to : from;
        }

        TableInfo parent() {
            return toChildren ? from : to;
        }
    }

    private final String from;
    private final boolean fansOut;
    private final List<TableInfo> tables;
    private final List<TableInfo> bridges;
    private final List<Edge> steps;
    private final List<TableInfo> besides;

    private Joins(String from, boolean fansOut, List<TableInfo> tables, List<TableInfo> bridges, List<Edge> steps,
            List<TableInfo> besides) {
        this.from = from;
        this.fansOut = fansOut;
        this.tables = tables;
        this.bridges = bridges;
        this.steps = steps;
        this.besides = besides;
    }

    /**
     * The keys joined by that say a role of the row they reference ("listing" of listing_agent_id), none of whose words
     * {@code verbs} say: "which agents have sold the most properties" through properties.listing_agent_id counts what the
     * agents listed, not sold. As child.column, for the decline.
     */
    List<String> rolesNotSaid(List<String> verbs) {
        List<String> out = new ArrayList<>();
        for (Edge e : steps) {
            if (!roleWords(e.key(), e.parent()).isEmpty() && !verbs.isEmpty() && !said(e.key(), e.parent(), verbs)) {
                out.add(e.child().name() + "." + String.join("+", e.key().columns()));
            }
        }
        return out;
    }

    String from() {
        return from;
    }

    boolean fansOut() {
        return fansOut;
    }

    /** Every table the FROM clause reads: the base, the tables needed and those on the paths between them. */
    List<TableInfo> tables() {
        return tables;
    }

    /**
     * The tables a path goes down into and up out of (products to reviews to customers): each joins two tables
     * many-to-many, which says nothing of how they are related unless the question does (reviewed, ordered).
     */
    List<TableInfo> bridges() {
        return bridges;
    }

    /**
     * The tables a path reaches by going up to a parent and down to its other children (day passes to members to
     * invoices): rows of those say nothing of the base's own rows but that they share a parent.
     */
    List<TableInfo> besides() {
        return besides;
    }

    /**
     * @param questionWords the question's words: where two foreign keys link the same tables (a trip's start and end
     *                      station), the one whose own words the question says ("started") is taken; none or both, declined
     */
    static Joins between(SchemaCatalog catalog, TableInfo base, Collection<TableInfo> needed, List<String> questionWords)
            throws NotUnderstoodException {
        Map<TableInfo, List<Edge>> graph = graph(catalog, questionWords);
        Set<TableInfo> joined = new LinkedHashSet<>();
        joined.add(base);
        StringBuilder sql = new StringBuilder(SchemaRenderer.identifier(catalog, base.name()));
        boolean fans = false;
        List<TableInfo> bridges = new ArrayList<>();
        List<Edge> steps = new ArrayList<>();
        List<TableInfo> besides = new ArrayList<>();
        for (TableInfo target : needed) {
            if (joined.contains(target)) {
                continue;
            }
            List<Edge> path = shortestPath(graph, joined, target);
            if (path == null) {
                throw new NotUnderstoodException("no foreign key connects " + base.name() + " and " + target.name());
            }
            for (Edge e : path) {
                if (e.unsettled()) {
                    // "trips per station": by the start station or the end station? Nothing in the question says
                    TableInfo child = e.toChildren() ? e.to() : e.from();
                    TableInfo parent = e.toChildren() ? e.from() : e.to();
                    throw new NotUnderstoodException("it does not know which key from " + child.name() + " to " + parent.name()
                            + " is meant (" + String.join(", ", keyColumns(catalog, child, parent)) + ")");
                }
            }
            for (int i = 1; i < path.size(); i++) {
                if (path.get(i - 1).toChildren() && !path.get(i).toChildren() && !bridges.contains(path.get(i).from())) {
                    bridges.add(path.get(i).from());
                }
                if (!path.get(i - 1).toChildren() && path.get(i).toChildren()) {
                    path.subList(i, path.size()).stream().map(Edge::to).filter(t -> !besides.contains(t)).forEach(besides::add);
                }
            }
            for (Edge e : path) {
                if (joined.add(e.to())) {
                    steps.add(e);
                    sql.append(" JOIN ").append(SchemaRenderer.identifier(catalog, e.to().name())).append(" ON ").append(e.condition());
                    fans |= e.toChildren();
                }
            }
        }
        return new Joins(sql.toString(), fans, List.copyOf(joined), List.copyOf(bridges), List.copyOf(steps), List.copyOf(besides));
    }

    /** Every parent row with its children counted: the FROM clause, and the child's column to count (never NULL when joined). */
    record EveryParent(String from, String counted) {
    }

    /**
     * "projects LEFT JOIN assignments ON ...", so that a project with none is a row too, when {@code child} references
     * {@code parent} directly by the key the question settles; else null.
     */
    static EveryParent everyParent(SchemaCatalog catalog, TableInfo parent, TableInfo child, List<String> questionWords)
            throws NotUnderstoodException {
        return downFrom(catalog, parent, child, questionWords, 1);
    }

    /**
     * Every parent row with the rows below it counted, through each table between ("each grape variety": grape_varieties
     * LEFT JOIN vineyard_blocks LEFT JOIN harvests), so that a parent with none is a row too, when every step goes down to
     * rows that reference the one before by the key the question settles; else null. A listing of rows with none is
     * {@link #everyParent}'s (one step), as a row with two empty children would show twice.
     */
    static EveryParent everyParentThrough(SchemaCatalog catalog, TableInfo parent, TableInfo child, List<String> questionWords)
            throws NotUnderstoodException {
        return downFrom(catalog, parent, child, questionWords, Integer.MAX_VALUE);
    }

    /** parent LEFT JOIN each table down to child, in at most {@code maxSteps} steps that all go down; else null. */
    private static EveryParent downFrom(SchemaCatalog catalog, TableInfo parent, TableInfo child, List<String> questionWords,
            int maxSteps) throws NotUnderstoodException {
        Joins joins = between(catalog, parent, List.of(child), questionWords);
        if (joins.steps.isEmpty() || joins.steps.size() > maxSteps || !joins.steps.stream().allMatch(Edge::toChildren)
                || !joins.steps.get(joins.steps.size() - 1).to().equals(child)) {
            return null;
        }
        StringBuilder from = new StringBuilder(SchemaRenderer.identifier(catalog, parent.name()));
        for (Edge e : joins.steps) {
            from.append(" LEFT JOIN ").append(SchemaRenderer.identifier(catalog, e.to().name())).append(" ON ").append(e.condition());
        }
        return new EveryParent(from.toString(), joins.steps.get(joins.steps.size() - 1).key().columns().get(0));
    }

    private static List<String> keyColumns(SchemaCatalog catalog, TableInfo child, TableInfo parent) {
        return child.foreignKeys().stream().filter(fk -> catalog.resolve(fk.refSchema(), fk.refTable()) == parent)
                .map(fk -> String.join("+", fk.columns())).toList();
    }

    /** The tables {@code t} references. */
    static List<TableInfo> parents(SchemaCatalog catalog, TableInfo t) {
        List<TableInfo> out = new ArrayList<>();
        for (ForeignKey fk : t.foreignKeys()) {
            TableInfo p = catalog.resolve(fk.refSchema(), fk.refTable());
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<Edge> shortestPath(Map<TableInfo, List<Edge>> graph, Set<TableInfo> starts, TableInfo target) {
        Map<TableInfo, Edge> cameBy = new HashMap<>();
        Deque<TableInfo> queue = new ArrayDeque<>(starts);
        Set<TableInfo> seen = new LinkedHashSet<>(starts);
        while (!queue.isEmpty()) {
            TableInfo t = queue.poll();
            if (t == target) {
                List<Edge> path = new ArrayList<>();
                for (TableInfo at = target; cameBy.containsKey(at); at = cameBy.get(at).from()) {
                    path.add(0, cameBy.get(at));
                }
                return path;
            }
            for (Edge e : graph.getOrDefault(t, List.of())) {
                if (seen.add(e.to())) {
                    cameBy.put(e.to(), e);
                    queue.add(e.to());
                }
            }
        }
        return null;
    }

    private static Map<TableInfo, List<Edge>> graph(SchemaCatalog catalog, List<String> questionWords) {
        Map<TableInfo, List<Edge>> out = new HashMap<>();
        Map<List<TableInfo>, List<ForeignKey>> parallel = new HashMap<>();
        for (TableInfo child : catalog.tables()) {
            for (ForeignKey fk : child.foreignKeys()) {
                TableInfo parent = catalog.resolve(fk.refSchema(), fk.refTable());
                if (parent != null && parent != child) {
                    parallel.computeIfAbsent(List.of(child, parent), k -> new ArrayList<>()).add(fk);
                }
            }
        }
        for (TableInfo child : catalog.tables()) {
            for (ForeignKey fk : child.foreignKeys()) {
                TableInfo parent = catalog.resolve(fk.refSchema(), fk.refTable());
                if (parent == null || parent == child) {
                    continue;
                }
                List<ForeignKey> alike = parallel.get(List.of(child, parent));
                boolean unsettled = alike.size() > 1 && alike.stream().noneMatch(k -> chosen(k, alike, parent, questionWords));
                if (alike.size() > 1 && !chosen(fk, alike, parent, questionWords) && !(unsettled && fk == alike.get(0))) {
                    continue; // one edge for the keys between two tables: the chosen one, or one that stands for all, unsettled
                }
                StringBuilder on = new StringBuilder();
                for (int i = 0; i < fk.columns().size(); i++) {
                    if (i > 0) {
                        on.append(" AND ");
                    }
                    on.append(SchemaRenderer.identifier(catalog, child.name())).append('.')
                            .append(SchemaRenderer.identifier(catalog, fk.columns().get(i))).append(" = ")
                            .append(SchemaRenderer.identifier(catalog, parent.name())).append('.')
                            .append(SchemaRenderer.identifier(catalog, fk.refColumns().get(i)));
                }
                out.computeIfAbsent(child, k -> new ArrayList<>()).add(new Edge(child, parent, on.toString(), false, unsettled, fk));
                out.computeIfAbsent(parent, k -> new ArrayList<>()).add(new Edge(parent, child, on.toString(), true, unsettled, fk));
            }
        }
        return out;
    }

    /**
     * Whether {@code fk} is the one of several keys from the same table to {@code parent} that the question picks: its
     * columns' own words (start of start_station_id) said in the question, and no other key's. When the question picks
     * none, every key is left out, and a path that needs one is declined by {@link #between}: the keys say different things.
     */
    private static boolean chosen(ForeignKey fk, List<ForeignKey> alike, TableInfo parent, List<String> questionWords) {
        List<ForeignKey> said = alike.stream().filter(k -> said(k, parent, questionWords)).toList();
        return said.size() == 1 && said.get(0) == fk;
    }

    /** Whether a word ("started") picks one of several keys between two of these tables: the verb is what the join says. */
    static boolean picksKey(SchemaCatalog catalog, Collection<TableInfo> tables, String word) {
        for (TableInfo child : tables) {
            for (ForeignKey fk : child.foreignKeys()) {
                TableInfo parent = catalog.resolve(fk.refSchema(), fk.refTable());
                long alike = child.foreignKeys().stream().filter(k -> catalog.resolve(k.refSchema(), k.refTable()) == parent).count();
                if (parent != null && tables.contains(parent) && alike > 1 && said(fk, parent, List.of(word))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A key's own words beyond its parent's name: "start" of start_station_id, "listing" of listing_agent_id. */
    private static Set<String> roleWords(ForeignKey fk, TableInfo parent) {
        Set<String> own = new LinkedHashSet<>();
        fk.columns().forEach(c -> own.addAll(Words.stems(c)));
        own.removeAll(Words.stems(parent.name()));
        own.remove("id");
        own.removeIf(Words::isStop);
        return own;
    }

    private static boolean said(ForeignKey fk, TableInfo parent, List<String> questionWords) {
        Set<String> own = roleWords(fk, parent);
        for (String w : questionWords) {
            if (own.contains(Words.stem(w)) || Words.roots(w).stream().anyMatch(own::contains)) { // "started": start_station_id
                return true;
            }
        }
        return false;
    }
}
