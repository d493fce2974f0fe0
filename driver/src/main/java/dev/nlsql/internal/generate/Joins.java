package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
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

    private record Edge(TableInfo from, TableInfo to, String condition, boolean toChildren) {
    }

    private final String from;
    private final boolean fansOut;
    private final List<TableInfo> tables;
    private final List<TableInfo> bridges;

    private Joins(String from, boolean fansOut, List<TableInfo> tables, List<TableInfo> bridges) {
        this.from = from;
        this.fansOut = fansOut;
        this.tables = tables;
        this.bridges = bridges;
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

    static Joins between(SchemaCatalog catalog, TableInfo base, Collection<TableInfo> needed) throws NotUnderstoodException {
        Map<TableInfo, List<Edge>> graph = graph(catalog);
        Set<TableInfo> joined = new LinkedHashSet<>();
        joined.add(base);
        StringBuilder sql = new StringBuilder(SchemaRenderer.identifier(catalog, base.name()));
        boolean fans = false;
        List<TableInfo> bridges = new ArrayList<>();
        for (TableInfo target : needed) {
            if (joined.contains(target)) {
                continue;
            }
            List<Edge> path = shortestPath(graph, joined, target);
            if (path == null) {
                throw new NotUnderstoodException("no foreign key connects " + base.name() + " and " + target.name());
            }
            for (int i = 1; i < path.size(); i++) {
                if (path.get(i - 1).toChildren() && !path.get(i).toChildren() && !bridges.contains(path.get(i).from())) {
                    bridges.add(path.get(i).from());
                }
            }
            for (Edge e : path) {
                if (joined.add(e.to())) {
                    sql.append(" JOIN ").append(SchemaRenderer.identifier(catalog, e.to().name())).append(" ON ").append(e.condition());
                    fans |= e.toChildren();
                }
            }
        }
        return new Joins(sql.toString(), fans, List.copyOf(joined), List.copyOf(bridges));
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

    private static Map<TableInfo, List<Edge>> graph(SchemaCatalog catalog) {
        Map<TableInfo, List<Edge>> out = new HashMap<>();
        for (TableInfo child : catalog.tables()) {
            for (ForeignKey fk : child.foreignKeys()) {
                TableInfo parent = catalog.resolve(fk.refSchema(), fk.refTable());
                if (parent == null || parent == child) {
                    continue;
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
                out.computeIfAbsent(child, k -> new ArrayList<>()).add(new Edge(child, parent, on.toString(), false));
                out.computeIfAbsent(parent, k -> new ArrayList<>()).add(new Edge(parent, child, on.toString(), true));
            }
        }
        return out;
    }
}
