package dev.nlsql.internal.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Numbers whose exponent is too large to compute with: {@code 1e10000000 + 1} makes BigDecimal (H2's numbers)
 * compute 10^10,000,000 in one uninterruptible call. The local engine's rules read literals and strings with it,
 * and its copy reads the data.
 */
public final class HugeNumbers {

    /** Largest exponent allowed, either way. */
    public static final int MAX_EXPONENT = 100;
    /** A digit or point, then e and an exponent: in a literal (1e5), or in text that a cast would read as one ('1E+5'). */
    private static final Pattern EXPONENT = Pattern.compile("(?i)[0-9.]\\s*e\\s*[+-]?\\s*0*([0-9]+)");

    private HugeNumbers() {
    }

    /** True when the text holds a number written with an exponent beyond {@link #MAX_EXPONENT}. */
    public static boolean hasHugeExponent(String text) {
        Matcher m = EXPONENT.matcher(text);
        while (m.find()) {
            String digits = m.group(1);
            if (digits.length() > 3 || Integer.parseInt(digits) > MAX_EXPONENT) {
                return true;
            }
        }
        return false;
    }
}
