package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The local engine's count of what a copied row occupies, against layouts worked out by hand (and measured with JOL). */
class CopyRowBytesTest {

    @Test
    void aRowOfTheBenchmarksShapeIsCountedAsItsObjects() {
        int[] kinds = {Types.INTEGER, Types.BIGINT, Types.NUMERIC, Types.VARCHAR, Types.DATE};
        Object[] row = {7, 7919L, new BigDecimal("123.45"), "customer-00000000007", LocalDate.of(2024, 1, 8)};
        // DefaultRow 32 + slot 4 + Value[5] 40; ValueInteger 16; ValueBigint 24; ValueNumeric 24 + BigDecimal 40;
        // ValueVarchar 24 + String 24 + byte[20] 40; ValueDate 24 (JOL measured 284 a row on 100,000 such rows, with shared dates)
        assertEquals(32 + 4 + 40 + 16 + 24 + 24 + 40 + 24 + 24 + 40 + 24, CopyRowBytes.of(kinds, row));
    }

    @Test
    void textOutsideLatin1TakesTwoBytesACharacter() {
        assertEquals(24 + 24 + 24, CopyRowBytes.value(Types.VARCHAR, "abcd")); // byte[4]: 16 + 4, padded to 24
        assertEquals(24 + 24 + 24, CopyRowBytes.value(Types.VARCHAR, "\u00e9t\u00e9s")); // Latin-1 still
        assertEquals(24 + 24 + 24, CopyRowBytes.value(Types.VARCHAR, "\u65e5\u672c")); // char[2] as bytes: 16 + 4
        assertEquals(24 + 24 + 32, CopyRowBytes.value(Types.VARCHAR, "\u65e5\u672cabc")); // 16 + 10, padded to 32
    }

    @Test
    void nullsAndBooleansAreSharedAndBigNumbersCarryTheirDigits() {
        assertEquals(32 + 4 + 24, CopyRowBytes.of(new int[] {Types.VARCHAR, Types.BOOLEAN}, new Object[] {null, true}));
        // 40 digits: a 133-bit unscaled value, a BigInteger with an int[5] (16 + 20, padded to 40)
        assertEquals(24 + 40 + 40 + 40, CopyRowBytes.value(Types.NUMERIC, new BigDecimal("1234567890123456789012345678901234567890")));
        assertEquals(24 + 40, CopyRowBytes.value(Types.NUMERIC, new BigDecimal("99999999999999.99")));
    }
}
