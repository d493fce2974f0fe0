package dev.nlsql.internal.schema;

/**
 * What a database holds, in one bounded sentence for a person: "This database holds: customers,
 * orders, products, ... (14 tables)." The relevance gate's refusal (NL002) ends with it, so the
 * user learns what can be asked instead.
 */
public final class CatalogSummary {

    /** Longest list of names shown; the count always follows. */
    static final int MAX_CHARS = 240;

    private CatalogSummary() {
    }

    public static String holds(SchemaCatalog catalog) {
        return holds("This database", catalog);
    }

    /** The same sentence for a named holder: "Source accounts holds: ...". */
    public static String holds(String holder, SchemaCatalog catalog) {
        int n = catalog.tables().size();
        if (n == 0) {
            return holder + " holds no tables nlsql may read (see nlsql.tables).";
        }
        StringBuilder names = new StringBuilder();
        int shown = 0;
        for (TableInfo t : catalog.tables()) {
            String name = readable(catalog.visibleUnqualified(t) ? t.name() : t.qualifiedName());
            if (names.length() + name.length() + 2 > MAX_CHARS) {
                break;
            }
            names.append(shown == 0 ? "" : ", ").append(name);
            shown++;
        }
        String more = shown < n ? ", ..." : "";
        return holder + " holds: " + names + more + " (" + n + (n == 1 ? " table" : " tables") + ").";
    }

    /** A name without control characters, cut at 60 characters: names come from the database. */
    private static String readable(String name) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < name.length() && b.length() < 60; i++) {
            char c = name.charAt(i);
            b.append(Character.isISOControl(c) ? ' ' : c);
        }
        return b.length() < name.length() ? b + "…" : b.toString();
    }
}
