package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameSynonyms;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.Words;
import dev.nlsql.internal.sql.EditDistance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The words of a database's names, comments and sampled values, to link question words to (the relevance gate's). */
final class SchemaWords {

    /** How a question word links: to a name, comment or value (strong), as an abbreviation or a money word (weak), or not. */
    enum Link { STRONG, WEAK, NONE }

    /** Shortest name part a question word may start with to count as its abbreviation ("cust" of "customer"). */
    private static final int MIN_ABBREVIATION = 4;
    /** Nouns of two letters that name things in table and column names. */
    private static final Set<String> TWO_LETTER_NOUNS = Set.of("ad", "tv", "pc");

    private final Set<String> valueWords = new HashSet<>();
    /** The stems of table names' words (and their synonyms), each with its table: what a question names as rows. */
    private final Map<String, TableInfo> tableStems = new HashMap<>();
    /** Value words, each with the table of its column. */
    private final Map<String, TableInfo> valueTables = new HashMap<>();
    private final Set<String> stems = new HashSet<>();
    private final Set<String> parts = new HashSet<>();
    private boolean numbers;
    /** Whether a table holds people by name (first and last name, or a full name): what "staff" and "workers" are. */
    private boolean people;
    /** Words for a body of people, which name no table of their own: "which staff aren't in any crew" (crew_members). */
    private static final Set<String> PEOPLE = Set.of("staff", "personnel", "workers", "workforce", "people", "employees",
            "colleagues");

    SchemaWords(SchemaCatalog catalog, List<ValueLink> values) {
        this(catalog, values, Set.of());
    }

    /** @param capitalised the question's words written with a capital (lower case): a misspelt name is written so */
    SchemaWords(SchemaCatalog catalog, List<ValueLink> values, Set<String> capitalised) {
        for (ValueLink v : values) {
            // the value itself, not a word that resembles it; a looked-up misspelling is the only value it can be, and so is a
            // name of several words all written as the value but one letter ("Chiara Rosi")
            if (v.lookedUp() || Words.stems(v.value()).equals(Words.stems(v.phrase())) || Words.split(v.phrase()).size() > 1
                    || capitalised.contains(v.phrase().toLowerCase(Locale.ROOT)) && oneTypo(v)
                    || (v.value() + "s").equalsIgnoreCase(v.phrase())) { // "movies" for Movie
                for (String w : Words.split(v.phrase())) {
                    valueWords.add(w);
                    // California: a state's, rather than border_info's (state_name names the state table)
                    if (!valueTables.containsKey(w) || Words.split(v.column().name()).containsAll(Words.split(v.table().name()))) {
                        valueTables.put(w, v.table());
                    }
                }
            }
        }
        // a table called by one word first: "publications" names publication, not domain_publication
        List<TableInfo> byWords = catalog.tables().stream().sorted(Comparator.comparingInt(
                (TableInfo t) -> Words.split(t.name()).size())).toList();
        for (TableInfo t : byWords) {
            for (String p : Words.split(t.name())) {
                if (isWord(p)) {
                    tableStems.putIfAbsent(Words.stem(p), t);
                    NameSynonyms.of(p).forEach(s -> tableStems.putIfAbsent(Words.stem(s), t));
                }
            }
        }
        for (TableInfo t : catalog.tables()) {
            addName(t.name());
            addComment(t.comment());
            for (ColumnInfo c : t.columns()) {
                addName(c.name());
                addComment(c.comment());
                numbers |= c.isNumeric() && !t.primaryKey().contains(c.name());
            }
            people |= t.columnIgnoreCase("full_name") != null || t.columnIgnoreCase("first_name") != null
                    && t.columnIgnoreCase("last_name") != null;
        }
    }

    /** Whether a word names a table (a word of its name, or a synonym of one). */
    boolean namesTable(String w) {
        return tableStems.containsKey(Words.stem(w));
    }

    /** The table a word names as rows (a word of its name) or as a value of one of its columns, or null. */
    TableInfo entity(String w) {
        TableInfo t = tableStems.get(Words.stem(w));
        return t != null ? t : valueTables.get(w);
    }

    Link link(String w) {
        String stem = Words.stem(w);
        if (valueWords.contains(w) || stems.contains(stem)) {
            return Link.STRONG;
        }
        for (String form : Verbs.IRREGULAR.getOrDefault(w, List.of())) {
            if (stems.contains(Words.stem(form))) {
                return Link.STRONG; // "who withdrew": withdrawn_on
            }
        }
        boolean weak = numbers && (IntentReader.MONEY.contains(w) || IntentReader.PRICE.contains(w)) // a money column of the table
                || people && PEOPLE.contains(w);
        String singular = w.endsWith("s") && w.length() > 4 && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
        List<String> roots = w.length() > 5 ? Verbs.roots(w) : List.of();
        if ((w.endsWith("ed") || w.endsWith("ing")) && roots.stream().skip(1).anyMatch(r -> r.length() > 3
                && tableStems.containsKey(Words.stem(r)))) {
            return Link.STRONG; // "never been sampled": the samples, a table named by the verb's noun
        }
        List<String> agents = agentNouns(w);
        for (String p : parts) {
            if (agents.contains(p)) {
                return Link.STRONG; // "who manages Chiara Rossi": the manager_id column says who does it
            }
            if (stem.length() >= MIN_ABBREVIATION && p.length() >= stem.length() + 2 && p.contains(stem)
                    || singular.length() >= MIN_ABBREVIATION && p.length() >= singular.length() + 2 && p.contains(singular)) {
                return Link.STRONG; // a name of words written together: sbcustomer, sbtransaction (but "weigh" is no word of "weight")
            }
            weak |= p.length() >= MIN_ABBREVIATION && w.length() > p.length() && w.startsWith(p); // cust for customer, diag
            weak |= sameRoot(w, p); // referral for referring_doctor_id, prescribed for prescriptions
            weak |= !roots.isEmpty() && p.length() > 4 && Verbs.sameRoot(roots, p); // opening for opened_year
        }
        return weak ? Link.WEAK : Link.NONE;
    }

    /**
     * A word of five letters or more written one letter from the sampled value it was read as, its first letter kept
     * ("Amsterdm"; a typo keeps the first letter, and "venue" is a word of its own, not a misspelt "Avenue"). Only a word
     * written with a capital: "write me a poem" is no misspelt "White".
     */
    private static boolean oneTypo(ValueLink v) {
        String phrase = v.phrase().toLowerCase(Locale.ROOT);
        String value = v.value().toLowerCase(Locale.ROOT);
        return phrase.length() >= 5 && Words.split(phrase).size() == 1 && phrase.charAt(0) == value.charAt(0)
                && EditDistance.of(phrase, value) == 1;
    }

    /** The nouns for who does what a verb says: manages (manager), drives (driver), teaches (teacher), supplies (supplier). */
    static List<String> agentNouns(String verb) {
        if (verb.length() < 4 || !verb.endsWith("s")) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String r : Words.roots(verb)) {
            if (r.equals(verb) || r.length() < 3) {
                continue;
            }
            out.add(r.endsWith("e") ? r + "r" : r + "er");
            if (r.endsWith("i")) {
                out.add(r + "er"); // supplies: suppli, supplier
            }
        }
        return out;
    }

    /** Two forms of one word: a common beginning of five letters or more, which leaves at most three of the shorter. */
    private static boolean sameRoot(String a, String b) {
        int common = 0;
        while (common < a.length() && common < b.length() && a.charAt(common) == b.charAt(common)) {
            common++;
        }
        return common >= 5 && Math.min(a.length(), b.length()) - common <= 3;
    }

    /** Whether a part of a name is a word: three letters or more but "id", or a noun of two ("ad_spots"); "sb" is a prefix. */
    private static boolean isWord(String part) {
        return part.length() >= 3 ? !part.equals("id") : TWO_LETTER_NOUNS.contains(part);
    }

    private void addName(String name) {
        List<String> split = Words.split(name);
        for (int i = 0; i + 1 < split.size(); i++) { // "payload" for pay_load, "wingspan" for wing_span
            stems.add(Words.stem(split.get(i) + split.get(i + 1)));
        }
        for (String p : split) {
            if (!isWord(p)) {
                continue; // "sb", "tx", "dp": prefixes, not words
            }
            parts.add(p);
            stems.add(Words.stem(p));
            for (String s : NameSynonyms.of(p)) {
                stems.add(Words.stem(s));
            }
        }
    }

    private void addComment(String comment) {
        for (String w : Words.split(comment)) {
            if (w.length() >= 4 && !Words.isStop(w)) {
                stems.add(Words.stem(w));
            }
        }
    }
}
