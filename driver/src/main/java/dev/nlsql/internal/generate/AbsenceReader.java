package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.time.LocalDate;
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

    /**
     * Rows of {@code table} with no row of {@code related} (in {@code period}, when not null); counted, or listed by key
     * and name.
     */
    record Absence(TableInfo table, TableInfo related, boolean counted, Period period) {
        Absence(TableInfo table, TableInfo related, boolean counted) {
            this(table, related, counted, null);
        }
    }

    /** A period of the related rows' one date: from inclusive, to exclusive (null: no end). */
    record Period(ColumnInfo date, LocalDate from, LocalDate to) {
    }

    private static final List<List<String>> COUNT_OPENERS = List.of(List.of("how", "many"), List.of("count", "the"), List.of("count"),
            List.of("what", "is", "the", "number", "of"), List.of("the", "number", "of"), List.of("number", "of"));
    private static final List<List<String>> LIST_OPENERS = List.of(List.of("list", "the", "names", "of"), List.of("list", "all", "the"),
            List.of("list", "all"), List.of("list", "the"), List.of("list"), List.of("show", "me", "the"), List.of("show", "me", "all"),
            List.of("show", "me"), List.of("show", "all", "the"), List.of("show", "all"), List.of("show", "the"), List.of("show"),
            List.of("find", "the"), List.of("find", "all"), List.of("find"), List.of("give", "me", "the"), List.of("give", "me"),
            List.of("are", "there", "any"), List.of("is", "there", "any"), List.of("are", "there"), List.of("which"), List.of("what"),
            List.of("the"),
            List.of("all"));
    private static final Set<String> RELATIVES = Set.of("who", "that", "which");
    private static final Set<String> AUXILIARIES = Set.of("have", "has", "had", "did", "do", "does", "are", "is", "were", "was");
    private static final Set<String> DETERMINERS = Set.of("a", "an", "any", "single");
    private static final List<List<String>> TAILS = List.of(List.of("at", "all"), List.of("yet"), List.of("ever"), List.of("so", "far"),
            List.of("on", "record"), List.of("on", "file"), List.of("in", "the", "system"), List.of("assigned", "to", "them"),
            List.of("assigned", "to", "it"), List.of("assigned"), List.of("recorded"), List.of("registered", "with", "us"),
            List.of("registered"), List.of("from", "us"), List.of("with", "us"),
            List.of("in", "them"), List.of("in", "it"));
    /** Verbs that say only that a row has another: "pets that have never had an appointment". */
    private static final Set<String> HAVING = Set.of("had", "have", "got", "gotten", "received");
    /** Verbs of buying, and what is bought (stems): "members who have never bought a ticket". */
    private static final Map<String, Set<String>> BOUGHT = Map.of("bought", Set.of("ticket", "purchase", "item"),
            "purchased", Set.of("ticket", "item"));
    /** Verbs of taking part, said of the link between two tables: "guests who have never appeared on an episode". */
    private static final Set<String> TAKING_PART = Set.of("appeared", "featured", "participated", "attended", "joined");
    /** Contractions, as {@link Words#split} leaves them, and the words they stand for. */
    private static final Map<List<String>, List<String>> CONTRACTIONS = Map.of(List.of("don", "t"), List.of("do", "not"),
            List.of("doesn", "t"), List.of("does", "not"), List.of("didn", "t"), List.of("did", "not"), List.of("haven", "t"),
            List.of("have", "not"), List.of("hasn", "t"), List.of("has", "not"), List.of("hadn", "t"), List.of("had", "not"),
            List.of("aren", "t"), List.of("are", "not"), List.of("isn", "t"), List.of("is", "not"), List.of("we", "ve"),
            List.of("we", "have"));
    /** Words after a table's word that name its rows ("staff member"). */
    private static final Set<String> ROW_NOUNS = Set.of("member", "members", "record", "records");

    private AbsenceReader() {
    }

    /** The absence the question asks about, or null when it is not of this shape. */
    static Absence read(String question, SchemaCatalog catalog) {
        List<String> w = negations(Words.split(question));
        if (!w.contains("never") && !w.contains("no") && !w.contains("without") && !w.contains("nobody")) {
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
        TableInfo registered = at(w, i).equals("registered") ? tableAt(w, i + 1, catalog, schema) : null;
        if (registered != null && registered.columns().stream().noneMatch(c -> c.name().toLowerCase(java.util.Locale.ROOT)
                .contains("regist"))) {
            i++; // "registered vehicles": every row the table holds, when no column says which are registered
        }
        TableInfo table = tableAt(w, i, catalog, schema);
        if (table == null) {
            return null;
        }
        i++;
        TableInfo head = tableAt(w, i, catalog, schema);
        if (head != null && head != table && Joins.parents(catalog, table).contains(head)) {
            table = head; // "pet owners": the owners, whose pets refer to them
            i++;
        }
        if (i < w.size() && ROW_NOUNS.contains(w.get(i))) {
            i++;
        }
        if (i < w.size() && RELATIVES.contains(w.get(i))) {
            i++;
        }
        if (Set.of("nobody", "we").contains(at(w, i)) || at(w, i).equals("no") && at(w, i + 1).equals("one")) {
            return doneToNobody(w, i, table, counted, catalog); // "services nobody has ever booked"
        }
        if (i < w.size() && AUXILIARIES.contains(w.get(i))) {
            i++;
        }
        String verb = null;
        if (at(w, i).equals("never") && at(w, i + 1).equals("been") && Set.of("on", "in").contains(at(w, i + 2))) {
            i += 3; // "trucks that have never been on a trip": had one
            verb = "had";
        } else if (at(w, i).equals("never") && at(w, i + 1).equals("been") && at(w, i + 2).equals("assigned")) {
            i += at(w, i + 3).equals("to") ? 4 : 3; // "crews that haven't been assigned a single installation"
            verb = "had";
        } else if (at(w, i).equals("never") && Set.of("come", "came").contains(at(w, i + 1)) && at(w, i + 2).equals("in")
                && at(w, i + 3).equals("for")) {
            i += 4; // "pets that have never come in for an appointment"
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
        boolean madeByVerb = verb != null && at(w, i).equals("anything");
        if (madeByVerb) {
            related = madeBy(verb, table, catalog); // "suppliers who have never delivered anything": deliveries
            i++;
        } else {
            int length = tableLength(w, i, catalog, schema);
            related = length == 0 ? null : length == 1 ? tableAt(w, i, catalog, schema) : tableNamed(w, i, length, catalog);
            i += length;
        }
        if (related == null || related == table) {
            return null;
        }
        if (at(w, i).equals("at") && at(w, i + 1).equals("any")) {
            // "titles with no copies at any branch": none anywhere, when the branches are where the copies are
            TableInfo where = tableAt(w, i + 2, catalog, schema);
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
        if (verb != null && !madeByVerb && !saysRelated(verb, related)) {
            // "students who have never enrolled on a course": the enrolments, which link the two, say it
            TableInfo link = madeBy(verb, table, catalog);
            if (link == null && TAKING_PART.contains(verb)) {
                link = linkBetween(table, related, catalog); // "guests who have never appeared on an episode"
            }
            if (link == null || !Joins.parents(catalog, link).contains(related)) {
                return null;
            }
            related = link;
        }
        Period period = null;
        if (i < w.size()) {
            // "garages that haven't issued a single fine in 2025": none of that year's
            int[] span = periodAt(w, i);
            ColumnInfo named = verb == null ? null : dateNamedAfter(verb, related);
            ColumnInfo date = span == null ? null : named != null ? named : IntentReader.ownDate(related, Set.of());
            if (span == null || date == null || span[0] != w.size()) {
                return null;
            }
            period = new Period(date, LocalDate.of(span[1], span[2], 1), span[3] == 0 ? null : LocalDate.of(span[3], span[4], 1));
            i = w.size();
        }
        if (verb != null) {
            String stem = Words.stem(verb);
            TableInfo rows = related;
            if (rows.columns().stream().anyMatch(c -> c.isBoolean() && Words.stems(c.name()).contains(stem))) {
                // "members who have never attended a workshop" over workshop_bookings.attended: a booking is not attending
                return null;
            }
        }
        return new Absence(table, related, counted, period);
    }

    /**
     * A period at {@code i}: "in 2025", "in May 2025", "during 2024", "since 2024", "since January 2025": {end index, from
     * year, from month, to year (0: no end), to month}, or null.
     */
    private static int[] periodAt(List<String> w, int i) {
        String first = at(w, i);
        if (!Set.of("in", "during", "since").contains(first)) {
            return null;
        }
        boolean since = first.equals("since");
        int month = IntentReader.MONTHS.indexOf(at(w, i + 1)) + 1;
        int yearAt = month > 0 ? i + 2 : i + 1;
        String y = at(w, yearAt);
        if (!y.matches("(19|20)\\d\\d")) {
            return null;
        }
        int year = Integer.parseInt(y);
        LocalDate from = LocalDate.of(year, month > 0 ? month : 1, 1);
        LocalDate to = since ? null : month > 0 ? from.plusMonths(1) : from.plusYears(1);
        return new int[] {yearAt + 1, from.getYear(), from.getMonthValue(), to == null ? 0 : to.getYear(),
            to == null ? 0 : to.getMonthValue()};
    }

    /** The one date of {@code t} named after the verb ("issued": issued_at), else null. */
    private static ColumnInfo dateNamedAfter(String verb, TableInfo t) {
        List<String> roots = Verbs.roots(verb);
        List<ColumnInfo> named = t.columns().stream().filter(c -> c.isDate()
                && Verbs.sameRoot(roots, Words.split(c.name()).get(0))).toList();
        return named.size() == 1 ? named.get(0) : null;
    }

    /**
     * Rows nobody did something to: "services nobody has ever booked", "equipment we've never installed". The rows made by
     * the verb are its table ("installed": installation_equipment) or the one link table from {@code table} to a table the
     * verb is said of ("booked": an appointment, so appointment_services).
     */
    private static Absence doneToNobody(List<String> w, int i, TableInfo table, boolean counted, SchemaCatalog catalog) {
        boolean we = at(w, i).equals("we");
        i += at(w, i).equals("no") ? 2 : 1;
        if (AUXILIARIES.contains(at(w, i))) {
            i++;
        }
        if (we ? !at(w, i).equals("never") : !at(w, i).equals("ever")) {
            return null;
        }
        String verb = at(w, i + 1);
        i += 2;
        for (List<String> tail : TAILS) {
            if (startsAt(w, i, tail)) {
                i += tail.size();
                break;
            }
        }
        if (verb.isEmpty() || i != w.size()) {
            return null;
        }
        TableInfo made = madeBy(verb, table, catalog);
        if (made == null) {
            List<TableInfo> links = catalog.tables().stream().filter(l -> l != table && Joins.parents(catalog, l).contains(table)
                    && Joins.parents(catalog, l).stream().anyMatch(o -> o != table && saysRelated(verb, o))).toList();
            made = links.size() == 1 ? links.get(0) : null;
        }
        return made == null ? null : new Absence(table, made, counted);
    }

    /** The one table that references both {@code a} and {@code b}, else null. */
    private static TableInfo linkBetween(TableInfo a, TableInfo b, SchemaCatalog catalog) {
        List<TableInfo> found = catalog.tables().stream().filter(t -> t != a && t != b && Joins.parents(catalog, t).contains(a)
                && Joins.parents(catalog, t).contains(b)).toList();
        return found.size() == 1 ? found.get(0) : null;
    }

    /** The words with contractions written out, and "not" after an auxiliary read as "never": "don't have any" is "do never have any". */
    private static List<String> negations(List<String> split) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < split.size(); i++) {
            List<String> full = i + 1 < split.size() ? CONTRACTIONS.get(split.subList(i, i + 2)) : null;
            if (full != null) {
                out.addAll(full);
                i++;
            } else {
                out.add(split.get(i));
            }
        }
        for (int i = 1; i < out.size(); i++) {
            if (out.get(i).equals("not") && AUXILIARIES.contains(out.get(i - 1))) {
                out.set(i, "never");
            }
        }
        return out;
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
        return tableAt(w, i, catalog, schema) == null ? 0 : 1;
    }

    /** The table whose whole name of {@code length} words ("fuel purchases": fuel_purchases) starts at {@code i}. */
    private static TableInfo tableNamed(List<String> w, int i, int length, SchemaCatalog catalog) {
        List<String> said = Words.stems(String.join(" ", w.subList(i, i + length)));
        List<TableInfo> found = catalog.tables().stream().filter(t -> Words.stems(t.name()).equals(said)).toList();
        return found.size() == 1 ? found.get(0) : null;
    }

    /** Whether a verb says that a row of {@code related} is made for the other: its name's verb, one it is said of, or "had". */
    private static boolean saysRelated(String verb, TableInfo related) {
        if (HAVING.contains(verb) || dateNamedAfter(verb, related) != null) {
            return true; // "garages that haven't issued a fine": fines.issued_at
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
    private static TableInfo tableAt(List<String> w, int i, SchemaCatalog catalog, SchemaWords schema) {
        String word = at(w, i);
        if (word.isEmpty() || Words.isStop(word) || !schema.namesTable(word)) {
            return null;
        }
        TableInfo t = schema.entity(word);
        if (t != null && Words.split(t.name()).size() == 1) {
            return t;
        }
        // "agents": support_agents, when no table is called by the word alone
        TableInfo headed = IntentReader.tableByLastWord(catalog, word);
        String stem = Words.stem(word);
        return headed != null && catalog.tables().stream().noneMatch(o -> Words.stems(o.name()).equals(List.of(stem))) ? headed : null;
    }

    private static boolean startsAt(List<String> w, int i, List<String> words) {
        return i + words.size() <= w.size() && w.subList(i, i + words.size()).equals(words);
    }

    private static String at(List<String> w, int i) {
        return i >= 0 && i < w.size() ? w.get(i) : "";
    }
}
