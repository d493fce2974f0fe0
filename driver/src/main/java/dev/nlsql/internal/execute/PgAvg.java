package dev.nlsql.internal.execute;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.SQLException;
import org.h2.api.Aggregate;
import org.h2.value.Value;

/**
 * {@code avg} as PostgreSQL computes it, for the local engine: over exact numbers (integers and numerics) the result is
 * a numeric whose scale PostgreSQL's {@code select_div_scale} chooses for sum / count (at least 16 significant
 * digits, at least the sum's scale, at most 1,000), rounded half away from zero; over floating point, a double. H2's
 * own AVG gives a double over integers and the column's scale plus 10 over numerics. Registered by {@link LocalCopy}
 * as {@code nlsql_avg}, to which {@link LocalDialect#toH2} renames {@code avg}. Public only because H2 instantiates it.
 */
public final class PgAvg implements Aggregate {

    /** PostgreSQL's NUMERIC_MIN_SIG_DIGITS, DEC_DIGITS and NUMERIC_MAX_DISPLAY_SCALE. */
    private static final int MIN_SIG_DIGITS = 16;
    private static final int DEC_DIGITS = 4;
    private static final int MAX_DISPLAY_SCALE = 1000;

    private boolean floating;
    private BigDecimal sum = BigDecimal.ZERO;
    private double doubleSum;
    private long count;

    @Override
    public int getInternalType(int[] inputTypes) throws SQLException {
        if (inputTypes.length != 1) {
            throw new SQLException("avg takes one argument", "42883");
        }
        int t = inputTypes[0];
        floating = t == Value.REAL || t == Value.DOUBLE || t == Value.DECFLOAT;
        boolean exact = t == Value.TINYINT || t == Value.SMALLINT || t == Value.INTEGER || t == Value.BIGINT || t == Value.NUMERIC
                || t == Value.NULL;
        if (!floating && !exact) {
            throw undefined(Value.getTypeName(t)); // text, boolean, an interval copied as text: PostgreSQL's refusal, not a ClassCastException
        }
        return floating ? Value.DOUBLE : Value.NUMERIC;
    }

    private static SQLException undefined(String type) {
        return new SQLException("function avg(" + type.toLowerCase(java.util.Locale.ROOT) + ") does not exist in the local engine: "
                + "avg takes numbers", "42883");
    }

    @Override
    public void add(Object value) throws SQLException {
        if (value == null) {
            return;
        }
        if (!(value instanceof Number)) {
            throw undefined(value.getClass().getSimpleName()); // H2 asked another instance the type
        }
        count++;
        floating |= value instanceof Double || value instanceof Float; // H2 asks one instance the type, then adds to others
        if (floating) {
            doubleSum += ((Number) value).doubleValue();
        } else {
            sum = sum.add(value instanceof BigDecimal d ? d : value instanceof BigInteger i ? new BigDecimal(i)
                    : BigDecimal.valueOf(((Number) value).longValue()));
        }
    }

    @Override
    public Object getResult() {
        if (count == 0) {
            return null;
        }
        if (floating) {
            return doubleSum / count;
        }
        BigDecimal n = BigDecimal.valueOf(count);
        return sum.divide(n, divScale(sum, n), RoundingMode.HALF_UP);
    }

    /** PostgreSQL's select_div_scale(var1, var2): the scale of var1 / var2 from their weights in base 10,000 and first digits. */
    static int divScale(BigDecimal var1, BigDecimal var2) {
        int[] w1 = weightAndFirstDigit(var1);
        int[] w2 = weightAndFirstDigit(var2);
        int qweight = w1[0] - w2[0];
        if (w1[1] <= w2[1]) {
            qweight--;
        }
        int rscale = MIN_SIG_DIGITS - qweight * DEC_DIGITS;
        rscale = Math.max(rscale, Math.max(displayScale(var1), displayScale(var2)));
        return Math.min(Math.max(rscale, 0), MAX_DISPLAY_SCALE);
    }

    /** The weight (power of 10,000) of the first non-zero base-10,000 digit of |v|, and that digit; 0 and 0 for zero. */
    static int[] weightAndFirstDigit(BigDecimal v) {
        if (v.signum() == 0) {
            return new int[] {0, 0};
        }
        BigDecimal a = v.abs();
        int exponent = a.precision() - a.scale() - 1; // a = d.ddd × 10^exponent
        int weight = Math.floorDiv(exponent, DEC_DIGITS);
        return new int[] {weight, a.movePointLeft(DEC_DIGITS * weight).setScale(0, RoundingMode.DOWN).intValue()};
    }

    private static int displayScale(BigDecimal v) {
        return Math.max(v.scale(), 0);
    }
}
