package dev.nlsql.internal.generate;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where the knowledge file's glossary terms occur in a question: each term and synonym as a phrase
 * of whole words, a plural matching its singular ("active customers" for "active customer"), but
 * never through the linker's synonym table (the owners' "sales" is not the linker's "orders").
 * The longest phrase wins where two overlap; two terms on the same words are the owners' ambiguity,
 * and the question is declined.
 */
final class GlossarySpots {

    /** A term found at words {@code at} to {@code at + length - 1}. */
    record Spot(int at, int length, GlossaryTerm term) {
    }

    private GlossarySpots() {
    }

    static List<Spot> find(List<String> words, List<GlossaryTerm> glossary) throws NotUnderstoodException {
        List<Spot> all = new ArrayList<>();
        for (GlossaryTerm term : glossary) {
            for (String name : term.names()) {
                List<String> phrase = Words.split(name);
                for (int at = 0; !phrase.isEmpty() && at + phrase.size() <= words.size(); at++) {
                    if (matches(words, at, phrase)) {
                        all.add(new Spot(at, phrase.size(), term));
                    }
                }
            }
        }
        all.sort(Comparator.comparingInt((Spot s) -> -s.length()).thenComparingInt(Spot::at));
        List<Spot> chosen = new ArrayList<>();
        for (Spot s : all) {
            Spot overlapping = chosen.stream().filter(c -> s.at() < c.at() + c.length() && c.at() < s.at() + s.length())
                    .findFirst().orElse(null);
            if (overlapping == null) {
                chosen.add(s);
            } else if (overlapping.at() == s.at() && overlapping.length() == s.length() && !overlapping.term().equals(s.term())) {
                throw new NotUnderstoodException("'" + String.join(" ", words.subList(s.at(), s.at() + s.length()))
                        + "' is two glossary terms (" + overlapping.term().term() + ", " + s.term().term() + ")");
            }
        }
        chosen.sort(Comparator.comparingInt(Spot::at));
        return chosen;
    }

    private static boolean matches(List<String> words, int at, List<String> phrase) {
        for (int k = 0; k < phrase.size(); k++) {
            if (!sameForm(words.get(at + k), phrase.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** The same word, or one the plural of the other by a regular ending: customer(s), box(es), categor(y|ies). */
    static boolean sameForm(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        return x.equals(y) || pluralOf(x, y) || pluralOf(y, x);
    }

    private static boolean pluralOf(String plural, String singular) {
        return plural.equals(singular + "s") || plural.equals(singular + "es")
                || singular.endsWith("y") && plural.equals(singular.substring(0, singular.length() - 1) + "ies");
    }

    /** The catalog's table a term's {@code tables} entry names (unqualified or schema.table, any case), or null. */
    static TableInfo table(SchemaCatalog catalog, String name) {
        int dot = name.lastIndexOf('.');
        String schema = dot < 0 ? null : name.substring(0, dot);
        String table = name.substring(dot + 1);
        TableInfo found = null;
        for (TableInfo t : catalog.tables()) {
            if (t.name().equalsIgnoreCase(table) && (schema == null ? catalog.visibleUnqualified(t) : schema.equalsIgnoreCase(t.schema()))) {
                if (found != null) {
                    return null; // two tables differ only in case: the term does not say which
                }
                found = t;
            }
        }
        return found;
    }
}
