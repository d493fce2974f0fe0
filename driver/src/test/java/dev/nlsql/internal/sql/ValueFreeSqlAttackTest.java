package dev.nlsql.internal.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * An attacker's pass over {@link ValueFreeSql#masked} (issue 37, sendValues=false): SQL the model did not write, holding
 * a canary ({@code Alice}, {@code 4711}, their hex and escaped spellings) in every way PostgreSQL or MySQL can write a
 * literal, comes back without the canary: hidden, or not shown at all when either reading cannot read it.
 */
class ValueFreeSqlAttackTest {

    private static final String[] HOSTILE = {
        "SELECT * FROM t WHERE name = $$Alice$$",
        "SELECT * FROM t WHERE name = $q$Alice$q$",
        "SELECT * FROM t WHERE \"name\" = $a$ $$Alice$$ $a$",
        "SELECT * FROM t WHERE name = E'Al\\'ice'",
        "SELECT * FROM t WHERE name = e'\\x41lice'",
        "SELECT * FROM t WHERE name = U&'Al\\0069ce'",
        "SELECT * FROM t WHERE name = U&'Al!0069ce' UESCAPE '!'",
        "SELECT * FROM t WHERE name = U&\"Alice\"",
        "SELECT * FROM t WHERE id = ANY(ARRAY[4711, 4712])",
        "SELECT * FROM t WHERE id IN (4711)",
        "SELECT * FROM t WHERE d = '4711-01-01'::date",
        "SELECT * FROM t WHERE d = DATE '4711-01-01' + INTERVAL '4711 days'",
        "SELECT * FROM t /* /* 'Alice' */ Alice */ WHERE 1=1",
        "SELECT * FROM t /* Alice */ WHERE 1=1",
        "SELECT * FROM t WHERE name = 'Al\\' OR x = ''Alice'",
        "SELECT * FROM t WHERE name = 'x\\' OR name = \\'Alice' -- '",
        "SELECT * FROM t WHERE salary > 0x1267",
        "SELECT * FROM t WHERE name = 0x416c696365",
        "SELECT * FROM t WHERE salary > 4_711",
        "SELECT * FROM t WHERE salary > 0o11147 AND b = 0b1001001100111",
        "SELECT * FROM t WHERE name = X'416c696365'",
        "SELECT * FROM t WHERE name = x'416C696365'",
        "SELECT * FROM t WHERE name = B'1001001100111'",
        "SELECT * FROM t WHERE name = N'Alice'",
        "SELECT * FROM t WHERE name = _utf8mb4'Alice'",
        "SELECT * FROM t WHERE name = _binary 0x416c696365",
        "SELECT * FROM t WHERE v > 4711e0 AND w > .4711 AND z = 4711.",
        "SELECT * FROM t WHERE a = 'x' 'Alice'",
        "SELECT * FROM t WHERE a = 'x'\n'Alice'",
        "SELECT * FROM t # 'Alice'\n WHERE 1=1",
        "SELECT * FROM t # Alice\n WHERE 1=1",
        "SELECT * FROM t WHERE name = \"Alice\"",
        "SELECT * FROM t WHERE name ~ '^Alice' AND n = -4711 AND m = +4711",
        "SELECT * FROM t WHERE x = 4711abc",
        "SELECT * FROM t WHERE name = 'Alice' -- 'Bob'\n",
        "SELECT * FROM t WHERE name = 'Alice' --\n",
        "SELECT * FROM t WHERE name = 'Alice' /*! AND 1 */",
        "SELECT * FROM t WHERE name = {fn lcase('Alice')}",
        "SELECT * FROM t WHERE name = CHR(65) || 'lice'",
        "SELECT * FROM t LIMIT 4711 OFFSET 4711",
        "SELECT * FROM t WHERE name = 'Al''ice' AND 'Alice' = name",
        "SELECT * FROM t WHERE name = '\u0041lice'",
        "SELECT * FROM t WHERE name = 'Ａｌｉｃｅ' OR name = 'ALICE'",
        "SELECT * FROM t WHERE j @> '{\"who\": \"Alice\"}'::jsonb",
        "SELECT * FROM t WHERE j -> 'Alice' IS NOT NULL",
        "SELECT * FROM t WHERE name = $1 AND other = $$Alice$$",
        "SELECT 'unterminated Alice",
        "SELECT $$unterminated Alice",
        "SELECT /* unterminated Alice",
    };

    /** The canary in every spelling above: the word, the number, their hex, octal, binary and escaped forms. */
    private static final List<String> CANARIES = List.of("alice", "lice", "4711", "4_711", "1267", "416c", "11147", "1001001100111", "ａｌｉｃｅ",
            "0069ce", "x41");

    @Test
    void noCanarySurvivesMasking() {
        List<String> leaked = new ArrayList<>();
        for (String sql : HOSTILE) {
            String shown = ValueFreeSql.masked(sql, literal -> false);
            String lower = shown.toLowerCase(Locale.ROOT);
            if (CANARIES.stream().anyMatch(lower::contains)) {
                leaked.add(sql + "\n   => " + shown);
            }
        }
        assertEquals("", String.join("\n", leaked));
    }

    /** Masking never drops the SQL's own words: the names and keywords of a plain statement stay, so it is still useful. */
    @Test
    void plainSqlKeepsItsWords() {
        assertEquals("SELECT name FROM t WHERE city = '…' AND n > … LIMIT …",
                ValueFreeSql.masked("SELECT name FROM t WHERE city = 'Alice' AND n > 4711 LIMIT 10", literal -> false));
        assertFalse(ValueFreeSql.masked("SELECT 1", literal -> false).contains("1"));
    }
}
