package dev.nlsql.internal.sql;

/**
 * Numbers whose exponent is too large to compute with: {@code 1e10000000 + 1} makes BigDecimal (H2's numbers)
 * compute 10^10,000,000 in one uninterruptible call. The local engine's rules read literals and strings with it,
 * and its copy reads the data (every text value it copies, so it is a scan rather than a regular expression).
 */
public final class HugeNumbers {

    /** Largest exponent allowed, either way. */
    public static final int MAX_EXPONENT = 100;

    private HugeNumbers() {
    }

    /**
     * True when the text holds a number written with an exponent beyond {@link #MAX_EXPONENT}: a digit or point,
     * then e (white space allowed around it and the sign), then the exponent's digits (in a literal, 1e5, or in
     * text a cast would read as one, '1E+5'). Every e is looked at, so one inside another's exponent counts too.
     */
    public static boolean hasHugeExponent(String text) {
        int n = text.length();
        for (int e = text.indexOf('e') < 0 && text.indexOf('E') < 0 ? n : 0; e < n; e++) {
            char c = text.charAt(e);
            if (c != 'e' && c != 'E') {
                continue;
            }
            int before = e - 1;
            while (before >= 0 && isSpace(text.charAt(before))) {
                before--;
            }
            if (before < 0 || !(isDigit(text.charAt(before)) || text.charAt(before) == '.')) {
                continue;
            }
            int at = skipSpaces(text, e + 1);
            if (at < n && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at = skipSpaces(text, at + 1);
            }
            while (at < n && text.charAt(at) == '0') {
                at++;
            }
            int digits = 0;
            int value = 0;
            while (at < n && isDigit(text.charAt(at))) {
                if (++digits > 3) {
                    return true;
                }
                value = value * 10 + text.charAt(at++) - '0';
            }
            if (value > MAX_EXPONENT) {
                return true;
            }
        }
        return false;
    }

    private static int skipSpaces(String text, int at) {
        while (at < text.length() && isSpace(text.charAt(at))) {
            at++;
        }
        return at;
    }

    /** Java's {@code \s}: the white space a regular expression and a number's parser skip. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
