package dev.nlsql.internal.schema;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Column words a model commonly writes for one another. Deliberately short: every group here lets
 * a wrong name be repaired without asking the model when exactly one column of the tables in
 * scope is (or has as a word part) a synonym, so a group must hold words that name the same
 * thing in almost any schema. Matching is on whole names and on snake_case/camelCase word parts
 * ({@code score} finds {@code rating} and {@code review_rating}); the list is symmetric.
 *
 * <ul>
 * <li>score, rating, grade, stars: an evaluation</li>
 * <li>name, title, label: what a row is called</li>
 * <li>amount, total: a sum of money</li>
 * <li>price, cost: what one unit costs</li>
 * <li>quantity, qty: how many units</li>
 * <li>date, day: a calendar day; created_at, created_on, creation_date: when a row was made</li>
 * <li>description, details: free text about a row</li>
 * <li>phone, telephone; city, town; country, nation; customer, client; employee, staff;
 *     supplier, vendor; category, kind; aircraft, plane, airplane; vessel, ship, boat; reason, cause; location, branch: plain synonyms</li>
 * </ul>
 */
public final class NameSynonyms {

    private static final List<Set<String>> GROUPS = List.of(
            Set.of("score", "rating", "grade", "stars"),
            Set.of("name", "title", "label"),
            Set.of("amount", "total"),
            Set.of("price", "cost"),
            Set.of("quantity", "qty"),
            Set.of("date", "day"),
            Set.of("created_at", "created_on", "creation_date"),
            Set.of("description", "details"),
            Set.of("phone", "telephone"),
            Set.of("city", "town"),
            Set.of("country", "nation"),
            Set.of("customer", "client"),
            Set.of("employee", "staff"),
            Set.of("supplier", "vendor"),
            Set.of("category", "kind"),
            Set.of("aircraft", "plane", "airplane"),
            Set.of("vessel", "ship", "boat"),
            Set.of("reason", "cause"),
            Set.of("location", "branch"));

    private NameSynonyms() {
    }

    /** The other words of {@code word}'s group (lower case), or an empty set. */
    public static Set<String> of(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        for (Set<String> g : GROUPS) {
            if (g.contains(w)) {
                return g.stream().filter(s -> !s.equals(w)).collect(java.util.stream.Collectors.toUnmodifiableSet());
            }
        }
        return Set.of();
    }
}
