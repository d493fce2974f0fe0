package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.sql.NameCase;
import dev.nlsql.internal.sql.TableRef;
import dev.nlsql.sql.SqlDialect;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guard's relation checks compare names by the database's rule (PostgreSQL: exactly, after folding). */
class GuardPolicyCaseTest {

    @Test
    void theGuardMatchesResolvedRelationsByTheDatabasesRule() {
        GuardPolicy generated = new GuardPolicy(List.of("public.customers", "sales.*"),
                new FunctionPolicy(FunctionPolicy.Purpose.GENERATED, SqlDialect.POSTGRESQL, null, List.of(), List.of()),
                FunctionPolicy.Purpose.GENERATED, "public");
        assertNull(generated.resolvedRefusal("public", "customers", true, NameCase.FOLDED));
        // even a catalog that showed it could not widen the patterns
        assertEquals("not in nlsql.tables", generated.resolvedRefusal("public", "CUSTOMERS", true, NameCase.FOLDED));
        assertEquals("not in nlsql.tables", generated.resolvedRefusal("Sales", "payroll", true, NameCase.FOLDED));
        assertTrue(generated.resolvedRefusal("public", "customers", false, NameCase.FOLDED).contains("not one of the tables"));
        assertNull(generated.tableRefusal(new TableRef("public", "customers"), NameCase.FOLDED));
        assertEquals("not in nlsql.tables", generated.tableRefusal(new TableRef(null, "CUSTOMERS"), NameCase.FOLDED));

        GuardPolicy text = new GuardPolicy(List.of("public.customers"), List.of(), "public");
        assertNull(text.resolvedRefusal("pg_catalog", "pg_class", false, NameCase.FOLDED));
        assertEquals("not in nlsql.tables", text.resolvedRefusal("PG_CATALOG", "notes", false, NameCase.FOLDED),
                "\"PG_CATALOG\" is a schema of its own on PostgreSQL");
        assertEquals("not in nlsql.tables", text.resolvedRefusal("INFORMATION_SCHEMA", "notes", false, NameCase.FOLDED));
        assertEquals("not in nlsql.tables", text.tableRefusal(new TableRef("PG_CATALOG", "notes"), NameCase.FOLDED));
        // MySQL keeps its rules: information_schema in any case, the allow-list as lower_case_table_names says
        GuardPolicy mysql = new GuardPolicy(List.of("mdb_app.*"), List.of(), "mdb_app");
        assertNull(mysql.resolvedRefusal("INFORMATION_SCHEMA", "tables", false, NameCase.EXACT));
        assertEquals("not in nlsql.tables", mysql.resolvedRefusal("MDB_APP", "items", false, NameCase.EXACT));
        assertNull(mysql.resolvedRefusal("mdb_app", "items", false, NameCase.ANY));
    }
}
