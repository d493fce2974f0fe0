package dev.nlsql.internal.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code nlsql.tables} patterns against names as the database stores them, under each database's rule for case. */
class TablePatternTest {

    private static boolean folded(String pattern, String schema, String name) {
        return new TablePattern(pattern).matches(schema, name, NameCase.FOLDED);
    }

    @Test
    void onPostgresUnquotedPartsFoldAndQuotedPartsKeepTheirCase() {
        assertTrue(folded("public.customers", "public", "customers"));
        assertFalse(folded("public.customers", "public", "CUSTOMERS"));
        assertTrue(folded("Public.Customers", "public", "customers"), "an unquoted pattern folds as an unquoted name does");
        assertFalse(folded("Public.Customers", "Public", "Customers"));
        assertTrue(folded("public.\"CUSTOMERS\"", "public", "CUSTOMERS"));
        assertFalse(folded("public.\"CUSTOMERS\"", "public", "customers"));
        assertTrue(folded("sales.*", "sales", "payroll"));
        assertTrue(folded("sales.*", "sales", "Payroll"), "* is any table of the schema, whatever its case");
        assertFalse(folded("sales.*", "Sales", "payroll"));
        assertTrue(folded("\"Sales\".*", "Sales", "payroll"));
        assertFalse(folded("\"Sales\".*", "sales", "payroll"));
        assertTrue(folded("\"Cust*\"", "public", "Customers"), "* is a wildcard inside quotes too");
        assertFalse(folded("\"Cust*\"", "public", "customers"));
        assertTrue(folded("customers", "any", "customers"), "one part: a table in any schema");
        assertTrue(folded("\"my.schema\".t", "my.schema", "t"), "a dot inside quotes is part of the name");
        assertTrue(folded("\"a\"\"b\"", "s", "a\"b"), "a doubled quote is one quote");
        assertTrue(folded(" public . customers ", "public", "customers"));
        assertTrue(folded("*", null, "x"));
        assertFalse(folded("public.customers", null, "customers"));
        assertFalse(folded("db.public.customers", "public", "customers"), "three parts match nothing");
        assertTrue(folded("PUBLIC.ÄRGER", "public", "Ärger"), "PostgreSQL folds ASCII letters only");
        assertEquals("public.\"CUSTOMERS\"", new TablePattern(" public.\"CUSTOMERS\" ").toString());
    }

    @Test
    void onMysqlNamesCompareExactlyOrInAnyCaseAsTheServerSays() {
        TablePattern app = new TablePattern("mdb_app.*");
        assertTrue(app.matches("mdb_app", "items", NameCase.EXACT));
        assertFalse(app.matches("MDB_APP", "items", NameCase.EXACT), "lower_case_table_names=0: another database");
        assertTrue(app.matches("MDB_APP", "items", NameCase.ANY));
        assertTrue(new TablePattern("`Shop`.Orders").matches("Shop", "Orders", NameCase.EXACT));
        assertTrue(new TablePattern("`Shop`.Orders").matches("shop", "orders", NameCase.ANY));
    }
}
