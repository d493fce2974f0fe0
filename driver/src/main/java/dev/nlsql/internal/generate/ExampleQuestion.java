package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.NounForms;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A question about the connected database that the offline generator can build, to show a user
 * who asked something it could not read ("Rephrase it, e.g. ..."): "how many <table> per month"
 * for a table with a date, else "how many <table>", for its most connected tables first (the most
 * foreign keys to and from it: orders rather than a lookup table). Each candidate is read and
 * written by the offline rules (no SQL runs) and the first that builds is the example, so it is
 * never one the rules would decline, and never a table of another database.
 */
public final class ExampleQuestion {

    /** Tables tried, most connected first: enough to find one, bounded for a catalog of thousands. */
    private static final int MAX_TABLES = 8;
    private ExampleQuestion() {
    }

    /** The example, or null when no candidate builds (or the catalog has no tables). */
    public static String of(SchemaCatalog catalog) {
        List<TableInfo> tables = new ArrayList<>(catalog.tables());
        tables.sort(Comparator.comparingInt((TableInfo t) -> -connections(catalog, t)).thenComparing(t -> !hasDate(t)));
        LocalDate today = LocalDate.now();
        for (TableInfo t : tables.subList(0, Math.min(MAX_TABLES, tables.size()))) {
            String named = NounForms.counted(t.name());
            List<String> candidates = hasDate(t) ? List.of("how many " + named + " per month", "how many " + named)
                    : List.of("how many " + named);
            for (String q : candidates) {
                if (builds(q, catalog, today)) {
                    return q;
                }
            }
        }
        return null;
    }

    private static boolean builds(String question, SchemaCatalog catalog, LocalDate today) {
        try {
            new SqlWriter(catalog).write(new IntentReader(question, catalog, List.of(), today).read());
            return true;
        } catch (NotUnderstoodException | RuntimeException e) {
            return false; // a table name the rules read otherwise ("payments received"): try the next one
        }
    }

    private static int connections(SchemaCatalog catalog, TableInfo table) {
        int n = table.foreignKeys().size();
        for (TableInfo t : catalog.tables()) {
            for (ForeignKey fk : t.foreignKeys()) {
                if (t != table && table.name().equals(fk.refTable())
                        && (fk.refSchema() == null || table.schema() == null || fk.refSchema().equals(table.schema()))) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean hasDate(TableInfo t) {
        for (ColumnInfo c : t.columns()) {
            if (c.isDate()) {
                return true;
            }
        }
        return false;
    }
}
