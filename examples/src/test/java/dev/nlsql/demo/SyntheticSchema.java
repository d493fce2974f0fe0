package dev.nlsql.demo;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A large made-up enterprise schema for measuring schema linking: 1,000 tables named
 * {@code <department>_<entity>} (logistics_shipments, hr_trainings, ...), each with typical
 * columns and a foreign key to a related table, plus questions whose needed tables are known.
 */
public final class SyntheticSchema {

    static final String[] DEPARTMENTS = {"sales", "hr", "finance", "logistics", "marketing", "support", "manufacturing",
        "procurement", "legal", "it", "facilities", "research", "quality", "retail", "fleet", "security", "training",
        "compliance", "treasury", "events"};
    static final String[] ENTITIES = {"accounts", "assets", "audits", "budgets", "campaigns", "certificates", "claims", "contracts",
        "deliveries", "devices", "documents", "employees", "expenses", "forecasts", "grants", "incidents", "inspections", "invoices",
        "leads", "licenses", "machines", "meetings", "memberships", "opportunities", "orders", "partners", "patents", "permits",
        "policies", "projects", "quotes", "receipts", "refunds", "renewals", "reservations", "returns", "reviews", "risks", "routes",
        "schedules", "shipments", "sites", "subscriptions", "suppliers", "surveys", "tasks", "tickets", "trainings", "vehicles",
        "vendors", "warehouses", "workshops"};
    static final String[][] MEASURES = {{"amount", "amount"}, {"cost", "cost"}, {"duration_days", "duration in days"},
        {"quantity", "quantity"}, {"score", "score"}, {"weight_kg", "weight"}};
    static final String[] STATUSES = {"open", "closed", "pending", "approved", "rejected"};

    /** A question and the tables a correct query needs. */
    public record LinkingQuestion(String text, Set<String> needed) {
    }

    private SyntheticSchema() {
    }

    /** {@code tables} tables (at most 1,040), the same on every call. */
    public static SchemaCatalog catalog(int tables) {
        List<TableInfo> out = new ArrayList<>();
        Random r = new Random(7);
        for (int i = 0; i < tables; i++) {
            String dept = DEPARTMENTS[i % DEPARTMENTS.length];
            String entity = ENTITIES[(i / DEPARTMENTS.length) % ENTITIES.length];
            String name = dept + "_" + entity;
            List<ColumnInfo> columns = new ArrayList<>();
            columns.add(new ColumnInfo("id", "int4", false, null));
            columns.add(new ColumnInfo(singular(entity) + "_code", "varchar", false, null));
            columns.add(new ColumnInfo("status", "varchar", false, "one of " + String.join(", ", STATUSES)));
            String[] measure = MEASURES[r.nextInt(MEASURES.length)];
            columns.add(new ColumnInfo(measure[0], "numeric", true, null));
            columns.add(new ColumnInfo("created_on", "date", false, null));
            List<ForeignKey> fks = new ArrayList<>();
            if (i >= DEPARTMENTS.length) {
                String parent = DEPARTMENTS[i % DEPARTMENTS.length] + "_" + ENTITIES[r.nextInt((i / DEPARTMENTS.length))];
                if (!parent.equals(name)) {
                    String fkColumn = singular(parent.substring(dept.length() + 1)) + "_id";
                    columns.add(new ColumnInfo(fkColumn, "int4", true, null));
                    fks.add(new ForeignKey(List.of(fkColumn), "public", parent, List.of("id")));
                }
            }
            out.add(new TableInfo("public", name, null, List.copyOf(columns), List.of("id"), List.copyOf(fks)));
        }
        return new SchemaCatalog("PostgreSQL", "15", "public", List.copyOf(out));
    }

    /** Questions about single tables and about related pairs, phrased as people ask them. */
    public static List<LinkingQuestion> questions(SchemaCatalog catalog, int count) {
        Random r = new Random(11);
        List<LinkingQuestion> out = new ArrayList<>();
        List<TableInfo> withParent = catalog.tables().stream().filter(t -> !t.foreignKeys().isEmpty()).toList();
        while (out.size() < count) {
            TableInfo t = withParent.get(r.nextInt(withParent.size()));
            String[] parts = t.name().split("_", 2);
            String dept = parts[0];
            String entity = parts[1];
            ColumnInfo measure = t.columns().get(3);
            String measureWords = measure.name().replace("_kg", "").replace('_', ' ');
            ForeignKey fk = t.foreignKeys().get(0);
            String parentEntity = fk.refTable().split("_", 2)[1];
            String status = STATUSES[r.nextInt(STATUSES.length)];
            LinkingQuestion q = switch (out.size() % 5) {
                case 0 -> new LinkingQuestion("How many " + status + " " + dept + " " + entity + " are there?", Set.of(t.name()));
                case 1 -> new LinkingQuestion("Total " + measureWords + " of " + dept + " " + entity + " per " + singular(parentEntity),
                        new LinkedHashSet<>(List.of(t.name(), fk.refTable())));
                case 2 -> new LinkingQuestion("Average " + measureWords + " of the " + entity + " in " + dept + " created last month",
                        Set.of(t.name()));
                case 3 -> new LinkingQuestion("Which " + singular(parentEntity) + " in " + dept + " has the most " + entity + "?",
                        new LinkedHashSet<>(List.of(t.name(), fk.refTable())));
                default -> new LinkingQuestion("List the " + dept + " " + entity + " of " + singular(parentEntity) + " code X-12 with "
                        + "status " + status, new LinkedHashSet<>(List.of(t.name(), fk.refTable())));
            };
            out.add(q);
        }
        return out;
    }

    static String singular(String plural) {
        if (plural.endsWith("ies")) {
            return plural.substring(0, plural.length() - 3) + "y";
        }
        if (plural.endsWith("ses") || plural.endsWith("xes")) {
            return plural.substring(0, plural.length() - 2);
        }
        return plural.endsWith("s") ? plural.substring(0, plural.length() - 1) : plural;
    }
}
