package dev.nlsql.internal.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The scan that finds numbers with huge exponents, against the regular expression it replaced. */
class HugeNumbersTest {

    /** The rule as first written: a digit or point, then e and an exponent. */
    private static final Pattern EXPONENT = Pattern.compile("(?i)[0-9.]\\s*e\\s*[+-]?\\s*0*([0-9]+)");

    private static boolean byPattern(String text) {
        Matcher m = EXPONENT.matcher(text);
        while (m.find()) {
            String digits = m.group(1);
            if (digits.length() > 3 || Integer.parseInt(digits) > HugeNumbers.MAX_EXPONENT) {
                return true;
            }
        }
        return false;
    }

    @Test
    void readsExponentsAsTheCastWould() {
        assertTrue(HugeNumbers.hasHugeExponent("1e7000000"));
        assertTrue(HugeNumbers.hasHugeExponent("x 1.5 E + 0000101 y"));
        assertTrue(HugeNumbers.hasHugeExponent(".e-9999"));
        assertTrue(HugeNumbers.hasHugeExponent("1e5e999"), "an e inside another's exponent counts too");
        assertFalse(HugeNumbers.hasHugeExponent("1e100"));
        assertFalse(HugeNumbers.hasHugeExponent("1E-0000000100"));
        assertFalse(HugeNumbers.hasHugeExponent("customer-00000012345"));
        assertFalse(HugeNumbers.hasHugeExponent("e999"));
        assertFalse(HugeNumbers.hasHugeExponent("x e 999"));
        assertFalse(HugeNumbers.hasHugeExponent(""));
    }

    @Test
    void flagsEverythingThePatternFlagsAndTheSameWithOneE() {
        Random random = new Random(23);
        String alphabet = "0123456789..eE+- \t\nx";
        int extra = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(14); k > 0; k--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = b.toString();
            boolean expected = byPattern(text);
            boolean actual = HugeNumbers.hasHugeExponent(text);
            if (expected) {
                assertTrue(actual, text);
            }
            if (text.chars().filter(c -> c == 'e' || c == 'E').count() <= 1) {
                assertEquals(expected, actual, text);
            } else if (actual != expected) {
                extra++;
            }
        }
        assertTrue(extra < 2_000, "the scan is stricter only where one exponent holds another e: " + extra);
    }
}
