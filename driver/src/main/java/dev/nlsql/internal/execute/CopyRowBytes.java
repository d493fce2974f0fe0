package dev.nlsql.internal.execute;

import java.math.BigDecimal;
import java.sql.Types;

/**
 * What one copied row occupies in the heap once it is a local copy's row: H2's row object, its array of values, each
 * value's own object and what it holds (a String's array, a BigDecimal and its BigInteger). The layout is HotSpot's on
 * a 64-bit JVM with compressed references (12-byte headers, 4-byte references, objects padded to 8 bytes), the JVM of
 * heaps under 32 GB; JOL measured 284 bytes a row for {@code int, bigint, numeric(12,2), text of 20, date} where this
 * gives 292 (H2 shares some small values, counted here as if not). The local engine's byte budget counts these, not
 * the bytes on the wire, which are 2 to 3 times fewer.
 */
final class CopyRowBytes {

    /** {@code org.h2.result.DefaultRow}: header, key (long), values (reference), memory (int). */
    static final int ROW = 32;
    /** The row's slot in the table's array of rows, and in each index's sorted array. */
    static final int SLOT = 4;
    /** An H2 value object holding one reference or int ({@code ValueInteger}: 16; a reference and a cached hash: 24). */
    static final int VALUE_INT = 16;
    static final int VALUE_LONG = 24;
    static final int VALUE_REF = 24;
    /** {@code ValueTimestamp}: date and nanos (two longs); with a time zone, an int more. */
    static final int VALUE_TIMESTAMP = 32;
    static final int STRING = 24;
    static final int BIG_DECIMAL = 40;
    static final int BIG_INTEGER = 40;
    static final int ARRAY_HEADER = 16;

    private CopyRowBytes() {
    }

    /** The bytes a row of these values (plain JDBC values of the columns' kinds, {@link java.sql.Types}) occupies as a copy's row. */
    static long of(int[] kinds, Object[] values) {
        long bytes = rowOverhead(values.length);
        for (int i = 0; i < values.length; i++) {
            bytes += value(kinds[i], values[i]);
        }
        return bytes;
    }

    /** A row of {@code columns} values without the values: the row, its slot and its array of values. */
    static long rowOverhead(int columns) {
        return ROW + SLOT + align(ARRAY_HEADER + 4L * columns);
    }

    /** One value of a column of kind {@code kind} (NULL and booleans are H2's shared objects). */
    static long value(int kind, Object value) {
        if (value == null) {
            return 0;
        }
        return switch (kind) {
            case Types.BOOLEAN -> 0;
            case Types.INTEGER -> VALUE_INT;
            case Types.BIGINT, Types.DOUBLE, Types.DATE -> VALUE_LONG;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> VALUE_TIMESTAMP;
            case Types.NUMERIC -> VALUE_REF + number(value);
            default -> VALUE_REF + string(String.valueOf(value));
        };
    }

    /** A BigDecimal: its object, and a BigInteger with its int array when the digits do not fit a long. */
    static long number(Object value) {
        if (!(value instanceof BigDecimal d)) {
            return BIG_DECIMAL;
        }
        int bits = d.unscaledValue().bitLength();
        return BIG_DECIMAL + (bits < 64 ? 0 : BIG_INTEGER + align(ARRAY_HEADER + 4L * ((bits + 31) / 32)));
    }

    /** A String: its object and its array, one byte a character when every character is Latin-1, else two (UTF-16). */
    static long string(String s) {
        boolean latin1 = true;
        for (int i = 0; i < s.length() && latin1; i++) {
            latin1 = s.charAt(i) <= 0xFF;
        }
        return STRING + align(ARRAY_HEADER + (latin1 ? 1L : 2L) * s.length());
    }

    static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
