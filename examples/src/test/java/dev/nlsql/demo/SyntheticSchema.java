package dev.nlsql.demo;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A large made-up enterprise schema for measuring schema linking: 1,000 tables named
 * {@code <department>_<entity>} (logistics_shipments, hr_trainings, ...), each with typical
 * columns and a foreign key to a related table, plus questions whose needed tables are known: {@link #questions}
 * names the tables by their own words (their recall is close to built in; the linking benchmark times them), and
 * {@link #paraphrasedQuestions} asks the same in other words.
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

    /**
     * Questions about single tables and about related pairs, built from the words of the table and column names
     * ({@code "How many open logistics shipments are there?"}), so the linker's recall on them is nearly built in.
     */
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

    /**
     * How people name the departments without the word of the table name: a fixed vocabulary written for this test,
     * not taken from the linker's synonym list (a few coincide with it, as {@code staff} for employees does).
     */
    static final Map<String, String> DEPARTMENT_WORDS = Map.ofEntries(Map.entry("sales", "commercial"),
            Map.entry("hr", "personnel"), Map.entry("finance", "accounting"), Map.entry("logistics", "distribution"),
            Map.entry("marketing", "advertising"), Map.entry("support", "customer service"),
            Map.entry("manufacturing", "production"), Map.entry("procurement", "sourcing"), Map.entry("legal", "counsel"),
            Map.entry("it", "information technology"), Map.entry("facilities", "premises"), Map.entry("research", "r&d"),
            Map.entry("quality", "assurance"), Map.entry("retail", "stores"), Map.entry("fleet", "motor pool"),
            Map.entry("security", "protection"), Map.entry("training", "education"), Map.entry("compliance", "regulatory"),
            Map.entry("treasury", "cash management"), Map.entry("events", "conferences"));

    /** The entities in other words: {plural, singular}. */
    static final Map<String, String[]> ENTITY_WORDS = Map.ofEntries(e("accounts", "profiles", "profile"),
            e("assets", "holdings", "holding"), e("audits", "examinations", "examination"),
            e("budgets", "spending plans", "spending plan"), e("campaigns", "initiatives", "initiative"),
            e("certificates", "credentials", "credential"), e("claims", "demands", "demand"),
            e("contracts", "agreements", "agreement"), e("deliveries", "drop-offs", "drop-off"),
            e("devices", "gadgets", "gadget"), e("documents", "files", "file"),
            e("employees", "staff members", "staff member"), e("expenses", "expenditures", "expenditure"),
            e("forecasts", "projections", "projection"), e("grants", "awards", "award"),
            e("incidents", "occurrences", "occurrence"), e("inspections", "checks", "check"), e("invoices", "bills", "bill"),
            e("leads", "prospects", "prospect"), e("licenses", "entitlements", "entitlement"), e("machines", "engines", "engine"),
            e("meetings", "gatherings", "gathering"), e("memberships", "enrollments", "enrollment"),
            e("opportunities", "deals", "deal"), e("orders", "purchases", "purchase"), e("partners", "affiliates", "affiliate"),
            e("patents", "inventions", "invention"), e("permits", "authorizations", "authorization"),
            e("policies", "rules", "rule"), e("projects", "undertakings", "undertaking"), e("quotes", "estimates", "estimate"),
            e("receipts", "proofs of payment", "proof of payment"), e("refunds", "reimbursements", "reimbursement"),
            e("renewals", "extensions", "extension"), e("reservations", "bookings", "booking"),
            e("returns", "take-backs", "take-back"), e("reviews", "appraisals", "appraisal"), e("risks", "hazards", "hazard"),
            e("routes", "itineraries", "itinerary"), e("schedules", "timetables", "timetable"),
            e("shipments", "consignments", "consignment"), e("sites", "locations", "location"),
            e("subscriptions", "recurring services", "recurring service"), e("suppliers", "providers", "provider"),
            e("surveys", "questionnaires", "questionnaire"), e("tasks", "assignments", "assignment"),
            e("tickets", "requests", "request"), e("trainings", "courses", "course"), e("vehicles", "trucks", "truck"),
            e("vendors", "sellers", "seller"), e("warehouses", "depots", "depot"), e("workshops", "seminars", "seminar"));

    /** The measures in other words. */
    static final Map<String, String> MEASURE_WORDS = Map.of("amount", "value", "cost", "spend", "duration_days", "time taken",
            "quantity", "units", "score", "rating", "weight_kg", "mass");

    private static Map.Entry<String, String[]> e(String entity, String plural, String singular) {
        return Map.entry(entity, new String[] {plural, singular});
    }

    /**
     * The questions of {@link #questions} (same tables, same kinds) asked without the words of the table and column
     * names: departments, entities and measures are named by {@link #DEPARTMENT_WORDS}, {@link #ENTITY_WORDS} and
     * {@link #MEASURE_WORDS}, and "code", "status" and "created" are left out. Only the status values (data the column
     * comment lists) are the schema's own words.
     */
    public static List<LinkingQuestion> paraphrasedQuestions(SchemaCatalog catalog, int count) {
        Random r = new Random(11);
        List<LinkingQuestion> out = new ArrayList<>();
        List<TableInfo> withParent = catalog.tables().stream().filter(t -> !t.foreignKeys().isEmpty()).toList();
        while (out.size() < count) {
            TableInfo t = withParent.get(r.nextInt(withParent.size()));
            String[] parts = t.name().split("_", 2);
            String dept = DEPARTMENT_WORDS.get(parts[0]);
            String[] entity = ENTITY_WORDS.get(parts[1]);
            String measure = MEASURE_WORDS.get(t.columns().get(3).name());
            ForeignKey fk = t.foreignKeys().get(0);
            String[] parent = ENTITY_WORDS.get(fk.refTable().split("_", 2)[1]);
            String status = STATUSES[r.nextInt(STATUSES.length)];
            Set<String> pair = new LinkedHashSet<>(List.of(t.name(), fk.refTable()));
            LinkingQuestion q = switch (out.size() % 5) {
                case 0 -> new LinkingQuestion("How many " + status + " " + entity[0] + " does " + dept + " have?", Set.of(t.name()));
                case 1 -> new LinkingQuestion("Sum of the " + measure + " of " + dept + " " + entity[0] + ", broken down by "
                        + parent[1], pair);
                case 2 -> new LinkingQuestion("Mean " + measure + " of the " + entity[0] + " in " + dept + " from last month",
                        Set.of(t.name()));
                case 3 -> new LinkingQuestion("Which " + parent[1] + " in " + dept + " has the most " + entity[0] + "?", pair);
                default -> new LinkingQuestion("Show the " + dept + " " + entity[0] + " belonging to " + parent[1] + " X-12 that are "
                        + status, pair);
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
