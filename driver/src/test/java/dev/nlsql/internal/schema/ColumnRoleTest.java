package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnRole.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A column's kind in any database's type names, and whether it is a key. */
class ColumnRoleTest {

    @Test
    void kindsFromTheTypeNamesOfPostgresqlMariadbAndH2() {
        String[][] types = {
            {"int4", "NUMBER"}, {"int8", "NUMBER"}, {"INTEGER", "NUMBER"}, {"BIGINT", "NUMBER"}, {"numeric", "NUMBER"},
            {"DECIMAL", "NUMBER"}, {"float8", "NUMBER"}, {"DOUBLE PRECISION", "NUMBER"}, {"real", "NUMBER"}, {"money", "NUMBER"},
            {"varchar", "TEXT"}, {"CHARACTER VARYING", "TEXT"}, {"text", "TEXT"}, {"bpchar", "TEXT"}, {"ENUM", "TEXT"},
            {"date", "TIME"}, {"timestamp", "TIME"}, {"timestamptz", "TIME"}, {"DATETIME", "TIME"},
            {"TIMESTAMP WITH TIME ZONE", "TIME"}, {"bool", "BOOLEAN"}, {"BOOLEAN", "BOOLEAN"}, {"bit", "BOOLEAN"},
            {"interval", "OTHER"}, {"point", "OTHER"}, {"uuid", "OTHER"}, {"jsonb", "OTHER"}, {"order_status", "OTHER"}, {null, "OTHER"},
        };
        for (String[] t : types) {
            assertEquals(Kind.valueOf(t[1]), ColumnRole.kind(t[0]), t[0]);
        }
    }

    @Test
    void aKeyByItsConstraintsOrItsName() {
        for (String name : new String[] {"id", "customer_id", "paperId", "sbTickerId", "txid", "uid", "uuid", "customer_key",
            "customer_ids", "ID"}) {
            assertTrue(ColumnRole.keyLikeName(name), name);
        }
        for (String name : new String[] {"paid", "is_paid", "ispaid", "valid", "is_valid", "rating", "name", "amount", "grid", "bid",
            "identity", "idea"}) {
            assertFalse(ColumnRole.keyLikeName(name), name);
        }
        TableInfo t = new TableInfo("public", "accounts", null, List.of(new ColumnInfo("code", "varchar", false, null),
                new ColumnInfo("owner", "int4", true, null), new ColumnInfo("amount", "numeric", true, null)), List.of("code"),
                List.of(new ForeignKey(List.of("owner"), "public", "people", List.of("id"))));
        assertTrue(ColumnRole.isKey(t, t.columns().get(0)), "in the primary key");
        assertTrue(ColumnRole.isKey(t, t.columns().get(1)), "in a foreign key");
        assertFalse(ColumnRole.isKey(t, t.columns().get(2)));
    }
}
