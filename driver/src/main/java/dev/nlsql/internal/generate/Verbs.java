package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The verbs of questions about data, and what in a schema accounts for one: "sold", "placed", "live" mean
 * something, so the offline reader answers only when the tables its SQL reads say what (see {@link #tablesFor}).
 */
final class Verbs {

    private Verbs() {
    }

    /**
     * Verbs that, said of a row, mean it was made (place an order, write a review, give a rating), with the things
     * each is said of (their stems, as {@link Words#stem} makes them: "purchase" is "order", "rating" is "review").
     * Such a verb is accounted for when the question's SQL reads a table named after one of them; that table's
     * date is the one a date phrase is about ("customers who placed an order in 2025": the order's date).
     */
    static final Map<String, Set<String>> OBJECTS = objects();
    /** Verbs that say where something is: accounted for by a city, country or address column the SQL reads. */
    static final Set<String> LOCATION = Set.of("live", "lives", "lived", "living", "come", "comes", "came", "located",
            "based", "reside", "resides", "resided", "residing");
    /** Words of a column name that say where: what a location verb needs. */
    private static final Set<String> LOCATION_WORDS = Set.of("city", "country", "region", "state", "address", "location", "town",
            "province", "county", "zip", "postal", "place");
    /** Irregular verb forms and the words they come from (sold: sell, sale), for a verb that names a table or column. */
    static final Map<String, List<String>> IRREGULAR = Map.ofEntries(Map.entry("sold", List.of("sell", "sale")),
            Map.entry("sell", List.of("sale")), Map.entry("sells", List.of("sell", "sale")), Map.entry("selling", List.of("sell", "sale")),
            Map.entry("bought", List.of("buy", "purchase")), Map.entry("buy", List.of("purchase")),
            Map.entry("buys", List.of("buy", "purchase")), Map.entry("buying", List.of("buy", "purchase")),
            Map.entry("paid", List.of("pay", "payment")), Map.entry("pay", List.of("payment")), Map.entry("pays", List.of("pay", "payment")),
            Map.entry("made", List.of("make")), Map.entry("wrote", List.of("write")), Map.entry("written", List.of("write")),
            Map.entry("gave", List.of("give")), Map.entry("given", List.of("give")), Map.entry("got", List.of("get")),
            Map.entry("gotten", List.of("get")), Map.entry("came", List.of("come")), Map.entry("spent", List.of("spend")),
            Map.entry("ran", List.of("run")), Map.entry("sent", List.of("send")), Map.entry("held", List.of("hold")),
            Map.entry("left", List.of("leave")), Map.entry("built", List.of("build")), Map.entry("began", List.of("begin")),
            Map.entry("begun", List.of("begin")), Map.entry("withdrew", List.of("withdraw", "withdrawn", "withdrawal")),
            Map.entry("withdrawn", List.of("withdraw", "withdrawal")), Map.entry("took", List.of("take", "taken")),
            Map.entry("taught", List.of("teach")), Map.entry("won", List.of("win")), Map.entry("lost", List.of("lose")),
            Map.entry("broke", List.of("break", "broken")), Map.entry("drove", List.of("drive", "driven")),
            Map.entry("flew", List.of("fly", "flown")), Map.entry("chose", List.of("choose", "chosen")),
            Map.entry("brought", List.of("bring")), Map.entry("died", List.of("die", "death", "dead", "deceased")),
            Map.entry("born", List.of("birth")), Map.entry("sat", List.of("sit", "sitting")), Map.entry("fed", List.of("feed", "feeding")),
            Map.entry("dealt", List.of("deal")), Map.entry("heard", List.of("hear", "hearing")), Map.entry("laid", List.of("lay")));

    /** An irregular past form or participle ("sold", "taken"). */
    static boolean irregularPast(String w) {
        return IRREGULAR.containsKey(w) || PARTICIPLES.contains(w);
    }

    /** Participles that end in neither -ed nor -en: "have made", "have sold", "made by", "led by". */
    static final Set<String> PARTICIPLES = Set.of("made", "sold", "bought", "paid", "spent", "won", "got", "left", "kept",
            "held", "run", "begun", "done", "seen", "put", "set", "lost", "met", "sent", "taught", "brought", "built", "read", "flown",
            "grown", "shown", "known", "drawn", "thrown", "worn", "torn", "sworn", "sown", "mown", "led", "used", "told", "said", "found",
            "lent", "caught", "taken", "driven", "ridden", "sat", "stood", "dealt", "fed", "hung", "heard", "meant", "slept", "stuck",
            "struck", "swept", "sung", "dug", "understood", "sought", "fought", "thought", "gone", "bred", "fled", "laid", "learnt",
            "repaid", "resold", "overpaid", "underpaid", "prepaid", "rebuilt");

    private static Map<String, Set<String>> objects() {
        Map<String, Set<String>> out = new java.util.HashMap<>();
        Set<String> placed = Set.of("order", "booking", "reservation", "bet", "call", "request", "bid");
        Set<String> made = Set.of("order", "payment", "booking", "reservation", "call", "request", "claim", "appointment",
                "deposit", "withdrawal", "review", "visit", "bid", "donation", "contribution", "purchase", "transaction");
        Set<String> submitted = Set.of("order", "request", "claim", "review", "application", "ticket");
        Set<String> written = Set.of("review", "comment", "note", "post", "article", "message");
        Set<String> given = Set.of("review", "score", "grade");
        Set<String> received = Set.of("payment", "review", "message", "grade");
        for (String w : List.of("place", "places", "placed", "placing")) {
            out.put(w, placed);
        }
        for (String w : List.of("make", "makes", "made", "making")) {
            out.put(w, made);
        }
        for (String w : List.of("submit", "submits", "submitted", "submitting")) {
            out.put(w, submitted);
        }
        for (String w : List.of("write", "writes", "wrote", "written", "writing")) {
            out.put(w, written);
        }
        for (String w : List.of("give", "gives", "gave", "given", "giving")) {
            out.put(w, given);
        }
        for (String w : List.of("receive", "receives", "received", "receiving", "get", "gets", "got", "gotten")) {
            out.put(w, received);
        }
        for (String w : List.of("raise", "raises", "raised", "raising", "open", "opens", "opened", "log", "logs", "logged")) {
            out.put(w, Set.of("ticket", "issue", "request", "complaint", "case", "incident"));
        }
        for (String w : List.of("book", "books", "booked")) {
            out.put(w, Set.of("appointment", "booking", "reservation"));
        }
        return Map.copyOf(out);
    }

    /** A word that may be a verb: one of those above, or a participle ("ordered", "shipping"). */
    static boolean isVerb(String w) {
        return OBJECTS.containsKey(w) || LOCATION.contains(w) || IRREGULAR.containsKey(w)
                || w.length() > 4 && (w.endsWith("ed") || w.endsWith("ing"));
    }

    /**
     * The tables among {@code tables} that account for a verb: one named after it ("ordered": orders, "sold": a
     * sale, which {@link Words} reads as an order), one with a date or flag column named after it ("shipped":
     * shipped_date), or one of the things it is said of ("placed": an order, "written": a review).
     */
    static List<TableInfo> tablesFor(String verb, Collection<TableInfo> tables) {
        List<String> roots = roots(verb);
        Set<String> objects = OBJECTS.getOrDefault(verb, Set.of());
        List<TableInfo> found = new ArrayList<>();
        for (TableInfo t : tables) {
            boolean namedAfter = Words.split(t.name()).stream().anyMatch(n -> sameRoot(roots, n));
            boolean column = t.columns().stream().anyMatch(c -> isEvent(c) && sameRoot(roots, Words.split(c.name()).get(0)));
            boolean object = Words.stems(t.name()).stream().anyMatch(objects::contains);
            if (namedAfter || column || object) {
                found.add(t);
            }
        }
        return found;
    }

    /** A column that says where: city, country, address and such. */
    static boolean isLocation(ColumnInfo c) {
        return Words.split(c.name()).stream().anyMatch(LOCATION_WORDS::contains);
    }

    /** A column that records that something happened: a date, or a yes/no flag. */
    private static boolean isEvent(ColumnInfo c) {
        String type = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
        return c.isDate() || type.startsWith("bool") || type.equals("bit");
    }

    /** As {@link #sameRoot}, and a noun made from the verb: "enrolled" for enrolments, "donated" for donations. */
    static boolean sameRootOrNoun(List<String> roots, String nameWord) {
        for (String noun : List.of("ments", "ment", "ions", "ion")) {
            if (nameWord.length() > noun.length() + 3 && nameWord.endsWith(noun)
                    && roots.contains(nameWord.substring(0, nameWord.length() - noun.length()))) {
                return true;
            }
        }
        return sameRoot(roots, nameWord);
    }

    /** Whether a word of a name comes from one of these roots: "opened" (opened_year) from "opening"'s open. */
    static boolean sameRoot(List<String> roots, String nameWord) {
        List<String> other = roots(nameWord);
        for (String r : roots) {
            for (String o : other) {
                if (r.length() > 2 && (r.equals(o) || Words.stem(r).equals(Words.stem(o)))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The word and the forms it may come from: shipped (ship), placed (place), categories (category), sold (sell, sale). */
    static List<String> roots(String word) {
        List<String> out = new ArrayList<>(Words.roots(word));
        out.addAll(1, IRREGULAR.getOrDefault(word, List.of()));
        return out;
    }
}
