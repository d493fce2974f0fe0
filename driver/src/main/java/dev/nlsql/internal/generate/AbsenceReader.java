package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the one shape of question about rows with nothing related, word for word, and nothing else: "customers who have
 * never placed an order", "which regions have no customers", "how many guests have never made a booking". A table, then
 * "never" with a verb that says how the other table's rows are made (or "anything" for the one table the verb names:
 * "suppliers who have never delivered anything"), "never been on", or "no"/"without", then the other table (its whole
 * name, "fuel purchases"), which references the first by one key the question settles ({@link Joins#everyParent}), then at
 * most "at any" and a table it references ("at any branch") and a tail ("at all", "on record", "assigned to them"). Any
 * other word (a value, a date, a tail such as "in our collection") and it reads nothing, leaving the question to
 * {@link IntentReader}, which declines "never".
 */
final class AbsenceReader {

    /** Rows of {@code table} with no row of {@code related}; counted, or listed by key and name. */
    record Absence(TableInfo table, TableInfo related, boolean counted) {
    }

    private static final List<List<String>> COUNT_OPENERS = List.of(List.of("how", "many"), List.of("count", "the"), List.of("count"),
            List.of("what", "is", "the", "number", "of"), List.of("the", "number", "of"), List.of("number", "of"));
    private static final List<List<String>> LIST_OPENERS = List.of(List.of("list", "the", "names", "of"), List.of("list", "all", "the"),
            List.of("list", "all"), List.of("list", "the"), List.of("list"), List.of("show", "me", "the"), List.of("show", "me", "all"),
            List.of("show", "me"), List.of("show", "all", "the"), List.of("show", "all"), List.of("show", "the"), List.of("show"),
            List.of("find", "the"), List.of("find", "all"), List.of("find"), List.of("give", "me", "the"), List.of("give", "me"),
            List.of("are", "there", "any"), List.of("is", "there", "any"), List.of("which"), List.of("what"), List.of("the"),
            List.of("all"));
    private static final Set<String> RELATIVES = Set.of("who", "that", "which");
    private static final Set<String> AUXILIARIES = Set.of("have", "has", "had", "did", "do", "does", "are", "is", "were", "was");
    private static final Set<String> DETERMINERS = Set.of("a", "an", "any", "single");
    private static final List<List<String>> TAILS = List.of(List.of("at", "all"), List.of("yet"), List.of("ever"), List.of("so", "far"),
            List.of("on", "record"), List.of("on", "file"), List.of("in", "the", "system"), List.of("assigned", "to", "them"),
            List.of("assigned", "to", "it"), List.of("assigned"), List.of("recorded"), List.of("from", "us"), List.of("with", "us"),
            List.of("in", "them"), List.of("in", "it"));
    /** Verbs that say only that a row has another: "pets that have never had an appointment". */
    private static final Set<String> HAVING = Set.of("had", "have", "got", "gotten", "received");
    /** Verbs of buying, and what is bought (stems): "members who have never bought a ticket". */
    private static final Map<String, Set<String>> BOUGHT = Map.of("bought", Set.of("ticket", "purchase", "item"),
            "purchased", Set.of("ticket", "item"));
    /** Words after a table's word that name its rows ("staff member"). */
    private static final Set<String> ROW_NOUNS = Set.of("member", "members", "record", "records");

    private AbsenceReader() {
    }

    /** The absence the question asks about, or null when it is not of this shape. */
    static Absence read(String question, SchemaCatalog catalog) {
        List<String> w = Words.split(question);
        if (!w.contains("never") && !w.contains("no") && !w.contains("without")) {
            return null; // most questions: no schema words read for them
        }
        SchemaWords schema = new SchemaWords(catalog, List.of());
        int i = 0;
        boolean counted = false;
        List<String> opener = opener(w, COUNT_OPENERS);
        if (opener != null) {
            counted = true;
            i = opener.size();
        } else {
            opener = opener(w, LIST_OPENERS);
            i = opener == null ? 0 : opener.size();
        }
        TableInfo table = tableAt(w, i, schema);
        if (table == null) {
            return null;
        }
        i++;
        if (i < w.size() && ROW_NOUNS.contains(w.get(i))) {
            i++;
        }
        if (i < w.size() && RELATIVES.contains(w.get(i))) {
            i++;
        }
        if (i < w.size() && AUXILIARIES.contains(w.get(i))) {
            i++;
        }
        String verb = null;
        if (at(w, i).equals("never") && at(w, i + 1).equals("been") && Set.of("on", "in").contains(at(w, i + 2))) {
            i += 3; // "trucks that have never been on a trip": had one
            verb = "had";
        } else if (at(w, i).equals("never") && at(w, i + 1).equals("been") && i + 3 == w.size()) {
            // "products that have never been ordered": the one table the verb names, of rows made for this one
            verb = at(w, i + 2);
            TableInfo made = madeBy(verb, table, catalog);
            return made == null ? null : new Absence(table, made, counted);
        } else if (at(w, i).equals("never")) {
            i++;
            while (Set.of("actually", "even", "once", "really").contains(at(w, i))) {
                i++; // "donors who have never actually made a donation"
            }
            verb = at(w, i);
            if (verb.isEmpty()) {
                return null;
            }
            i++;
        } else if (at(w, i).equals("no") || at(w, i).equals("without")) {
            i++;
        } else if ((at(w, i).equals("with") || HAVING.contains(at(w, i))) && at(w, i + 1).equals("no")) {
            i += 2;
        } else {
            return null;
        }
        if (verb != null && !verb.equals("had") && Set.of("on", "in", "for", "to", "at", "with").contains(at(w, i))) {
            i++; // "enrolled on a course", "worked on a batch"
        }
        while (DETERMINERS.contains(at(w, i))) {
            i++;
        }
        TableInfo related;
        if (verb != null && at(w, i).equals("anything")) {
            related = madeBy(verb, table, catalog); // "suppliers who have never delivered anything": deliveries
            i++;
        } else {
            int length = tableLength(w, i, catalog, schema);
            related = length == 0 ? null : length == 1 ? tableAt(w, i, schema) : tableNamed(w, i, length, catalog);
            i += length;
        }
        if (related == null || related == table) {
            return null;
        }
        if (at(w, i).equals("at") && at(w, i + 1).equals("any")) {
            // "titles with no copies at any branch": none anywhere, when the branches are where the copies are
            TableInfo where = tableAt(w, i + 2, schema);
            if (where == null || Joins.parents(catalog, related).stream().noneMatch(p -> p == where)) {
                return null;
            }
            i += 3;
        }
        for (List<String> tail : TAILS) {
            if (startsAt(w, i, tail)) {
                i += tail.size();
                break;
            }
        }
        if (verb != null && !saysRelated(verb, related)) {
            // "students who have never enrolled on a course": the enrolments, which link the two, say it
            TableInfo link = madeBy(verb, table, catalog);
            if (link == null || !Joins.parents(catalog, link).contains(related)) {
                return null;
            }
            related = link;
        }
        if (i != w.size()) {
            return null;
        }
        return new Absence(table, related, counted);
    }

    /** The one table named after {@code verb} ("delivered": deliveries) that references {@code table}, else null. */
    private static TableInfo madeBy(String verb, TableInfo table, SchemaCatalog catalog) {
        List<String> roots = Verbs.roots(verb);
        List<TableInfo> found = catalog.tables().stream().filter(t -> t != table && Joins.parents(catalog, t).contains(table)
                && Words.split(t.name()).stream().anyMatch(n -> Verbs.sameRootOrNoun(roots, n))).toList();
        return found.size() == 1 ? found.get(0) : null;
    }

    /** How many words from {@code i} name a table: its one-word name (or a synonym), all the words of a longer one, else 0. */
    private static int tableLength(List<String> w, int i, SchemaCatalog catalog, SchemaWords schema) {
        for (TableInfo t : catalog.tables()) {
            List<String> name = Words.split(t.name());
            if (name.size() > 1 && i + name.size() <= w.size() && Words.stems(String.join(" ", w.subList(i, i + name.size())))
                    .equals(Words.stems(t.name()))) {
                return name.size();
            }
        }
        return tableAt(w, i, schema) == null ? 0 : 1;
    }

    /** The table whose whole name of {@code length} words ("fuel purchases": fuel_purchases) starts at {@code i}. */
    private static TableInfo tableNamed(List<String> w, int i, int length, SchemaCatalog catalog) {
        List<String> said = Words.stems(String.join(" ", w.subList(i, i + length)));
        List<TableInfo> found = catalog.tables().stream().filter(t -> Words.stems(t.name()).equals(said)).toList();
        return found.size() == 1 ? found.get(0) : null;
    }

    /** Whether a verb says that a row of {@code related} is made for the other: its name's verb, one it is said of, or "had". */
    private static boolean saysRelated(String verb, TableInfo related) {
        if (HAVING.contains(verb)) {
            return true;
        }
        List<String> stems = Words.stems(related.name());
        if (BOUGHT.getOrDefault(verb, Set.of()).stream().anyMatch(stems::contains)) {
            return true;
        }
        if (Verbs.OBJECTS.getOrDefault(verb, Set.of()).stream().anyMatch(stems::contains)) {
            return true; // "placed an order", "made a booking", "written a review"
        }
        // "ordered" for orders; never "rented a car" for cars (the rentals say it)
        List<String> roots = Verbs.roots(verb);
        return Words.split(related.name()).stream().anyMatch(n -> Verbs.sameRoot(roots, n));
    }

    private static List<String> opener(List<String> w, List<List<String>> openers) {
        for (List<String> o : openers) {
            if (startsAt(w, 0, o)) {
                return o;
            }
        }
        return null;
    }

    /** The table the word at {@code i} names by its whole one-word name (or a synonym), else null. */
    private static TableInfo tableAt(List<String> w, int i, SchemaWords schema) {
        String word = at(w, i);
        if (word.isEmpty() || Words.isStop(word) || !schema.namesTable(word)) {
            return null;
        }
        TableInfo t = schema.entity(word);
        return t != null && Words.split(t.name()).size() == 1 ? t : null;
    }

    private static boolean startsAt(List<String> w, int i, List<String> words) {
        return i + words.size() <= w.size() && w.subList(i, i + words.size()).equals(words);
    }

    private static String at(List<String> w, int i) {
        return i >= 0 && i < w.size() ? w.get(i) : "";
    }
}
