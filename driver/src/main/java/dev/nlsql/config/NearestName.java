package dev.nlsql.config;

import java.util.Collection;
import java.util.Locale;

/**
 * The known name a mistyped one most likely meant: the one place "did you mean ...?" is worked out for a name the user
 * typed (an nlsql.* property in a URL, in Properties or after -p; a command-line option of the proxy or the CLI).
 */
public final class NearestName {

    private NearestName() {
    }

    /**
     * The name of {@code known} nearest to {@code given} (edit distance, case aside), or null when none is close: at most
     * one edit for a name of up to 5 characters, two up to 11, three beyond (not counting the prefix every name of its
     * kind has, {@code nlsql.} or {@code --}); a name equal to it but for case is nearest of all. Ties go to the first
     * in {@code known}.
     */
    public static String of(String given, Collection<String> known) {
        if (given == null || given.isEmpty()) {
            return null;
        }
        String g = given.toLowerCase(Locale.ROOT);
        int rest = Math.max(1, g.length() - significantPrefix(g));
        int allowed = rest <= 5 ? 1 : rest <= 11 ? 2 : 3;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            String k = name.toLowerCase(Locale.ROOT);
            int prefix = commonPrefix(g, k);
            int distance = distance(g.substring(prefix), k.substring(prefix));
            if (distance <= allowed && distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** {@code "; did you mean X?"} for the nearest name, or the empty string when none is close. */
    public static String didYouMean(String given, Collection<String> known) {
        String nearest = of(given, known);
        return nearest == null ? "" : "; did you mean " + nearest + "?";
    }

    /** How much of a name is a prefix every name of its kind shares ({@code nlsql.}, {@code --}, {@code -}): not counted. */
    private static int significantPrefix(String name) {
        if (name.startsWith(NlProperty.PREFIX)) {
            return NlProperty.PREFIX.length();
        }
        int dashes = 0;
        while (dashes < name.length() && name.charAt(dashes) == '-') {
            dashes++;
        }
        return dashes;
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    /** Levenshtein distance, with a swap of two neighbours counted as one edit (maxAtetmpts). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
