package dev.nlsql.internal.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.ErrorCategory;
import dev.nlsql.internal.generate.GenerationRequest.PreviousAttempt;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.NameCandidates.Candidate;
import dev.nlsql.internal.schema.NameCandidates.Scope;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptsTest {

    private static final ColumnInfo STATUS = new ColumnInfo("Status", "text", true, null);
    private static final TableInfo ORDERS = new TableInfo("public", "orders", null,
            List.of(new ColumnInfo("id", "int4", false, null), STATUS), List.of("id"), List.of());
    private static final SchemaCatalog CATALOG = new SchemaCatalog("PostgreSQL", "16", "public", List.of(ORDERS));

    private static GenerationRequest request(List<PreviousAttempt> previous, boolean sendValues) {
        return new GenerationRequest("how many shipped orders?", null, "PostgreSQL 16", CATALOG, "TABLE orders",
                List.of(new ValueLink(ORDERS, STATUS, "Shipped", "shipped")), previous, sendValues);
    }

    @Test
    void valueHintsAreSqlWithQuotedNamesAndOnlyWhenValuesMayBeSent() {
        assertTrue(Prompts.user(request(List.of(), true)).contains("Values named in the question: orders.\"Status\" = 'Shipped'"));
        assertFalse(Prompts.user(request(List.of(), false)).contains("Shipped"));
    }

    @Test
    void withoutValuesTheDatabasesTextIsReplacedByCategorySqlStateAndKnownNames() {
        Diagnosis typeError = new Diagnosis(ErrorCategory.TYPE_MISMATCH, "ERROR: invalid input syntax for type integer: \"Ada Lovelace\"",
                "22P02", null, null, List.of());
        Diagnosis wrongColumn = new Diagnosis(ErrorCategory.COLUMN_NOT_FOUND, "column \"o.stat\" does not exist (row \"secret\")", "42703",
                "stat", "o", List.of(new Candidate("o", "Status", 0.9)));
        Diagnosis nameFromTheMessageOnly = new Diagnosis(ErrorCategory.UNDEFINED_FUNCTION, "function \"Ada Lovelace\"(text) does not exist",
                "42883", "Ada Lovelace", null, List.of());
        Diagnosis unknown = new Diagnosis(ErrorCategory.UNKNOWN, "ERROR: duplicate row \"Ada Lovelace\"", "XX000", null, null, List.of());
        Diagnosis guard = Diagnosis.of(ErrorCategory.UNSAFE, "denied function: pg_sleep");
        List<PreviousAttempt> previous = List.of(new PreviousAttempt("SELECT CAST(status AS int) FROM orders", typeError, 30),
                new PreviousAttempt("SELECT o.stat FROM orders o", wrongColumn, 30),
                new PreviousAttempt("SELECT f(status) FROM orders", nameFromTheMessageOnly, 30));
        String open = Prompts.user(request(previous, true));
        assertTrue(open.contains("Ada Lovelace") && open.contains("Shipped"), open);

        String closed = Prompts.user(request(previous, false));
        assertFalse(closed.contains("Ada") || closed.contains("secret") || closed.contains("Shipped") || closed.contains("ERROR"), closed);
        assertTrue(closed.contains("Error: type_mismatch (SQLSTATE 22P02)\nFix: Types do not match. Cast explicitly"), closed);
        assertTrue(closed.contains("Error: column_not_found (SQLSTATE 42703)\nFix: Column \"o.stat\" does not exist. "
                + "The closest real columns, most likely first: o.Status."), closed);
        assertTrue(closed.contains("Error: undefined_function (SQLSTATE 42883)\nFix: No such function for these argument types. "), closed);
        String other = Prompts.user(request(List.of(new PreviousAttempt("SELECT 1", unknown, 30)), false));
        assertTrue(other.contains("Fix: The database refused the query (SQLSTATE XX000).") && !other.contains("Ada"), other);

        String own = Prompts.user(request(List.of(new PreviousAttempt("SELECT pg_sleep(1)", guard, 30)), false));
        assertTrue(own.contains("Error: unsafe: denied function: pg_sleep"), "nlsql's own words stay: " + own);
    }

    @Test
    void theSystemPromptAsksForANameForEveryComputedColumn() {
        String system = Prompts.system(request(List.of(), true));
        assertTrue(system.contains("Name every computed column with AS (count(*) AS order_count"), system);
        assertTrue(system.contains("TABLE orders") && system.contains("PostgreSQL 16"), system);
    }

    @Test
    void aWrongColumnWithNoCloseCandidateListsTheColumnsOfItsTable() {
        List<Candidate> ranked = NameCandidates.columns("kind", ORDERS, List.of(ORDERS), CATALOG);
        Scope scope = NameCandidates.scope(ranked, ORDERS, List.of(ORDERS));
        Diagnosis far = new Diagnosis(ErrorCategory.COLUMN_NOT_FOUND, "column \"o.kind\" does not exist", "42703", "kind", "o",
                ranked, scope);
        for (boolean sendValues : new boolean[] {true, false}) {
            String user = Prompts.user(request(List.of(new PreviousAttempt("SELECT o.kind FROM orders o", far, 30)), sendValues));
            assertTrue(user.contains("Fix: Column \"o.kind\" does not exist. No real column is close to it: choose from the columns "
                    + "of orders: id, Status."), user);
        }
        // a repaired slip that still did not answer: the candidate first, then the columns
        List<Candidate> slip = NameCandidates.columns("stauts", ORDERS, List.of(ORDERS), CATALOG);
        Diagnosis repaired = new Diagnosis(ErrorCategory.COLUMN_NOT_FOUND, "column \"stauts\" does not exist", "42703", "stauts", null,
                slip, NameCandidates.scope(slip, null, List.of(ORDERS)));
        assertTrue(Prompts.user(request(List.of(new PreviousAttempt("SELECT stauts FROM orders", repaired, 30)), false))
                .contains("The closest real columns, most likely first: orders.Status. If none of these is meant, choose from the "
                        + "columns of orders: id, Status."));
    }

    @Test
    void earlierAttemptsAreCutAndOnlyTheLastFewShown() {
        Diagnosis d = Diagnosis.of(ErrorCategory.SYNTAX_ERROR, "x".repeat(9_000));
        List<PreviousAttempt> previous = List.of(new PreviousAttempt("SELECT 1 /* first */", d, 30),
                new PreviousAttempt("SELECT " + "a".repeat(9_000), d, 30), new PreviousAttempt("SELECT 3", d, 30),
                new PreviousAttempt("SELECT 4", d, 30));
        for (boolean sendValues : new boolean[] {true, false}) {
            String user = Prompts.user(request(previous, sendValues));
            assertTrue(user.length() < 3 * 3 * Prompts.MAX_PART + 1_000, user.length() + " chars");
            assertTrue(user.contains("(1 earlier attempt not shown)") && !user.contains("first"), user);
            // without values a number no model wrote is hidden too
            assertTrue(user.contains("Attempt 2:\nSQL: SELECT aaa") && user.contains("Attempt 4:\nSQL: SELECT " + (sendValues ? "4" : "…")), user);
            assertTrue(user.contains("a".repeat(Prompts.MAX_PART - 7) + "…\n"), "the SQL is cut with an ellipsis");
        }
        assertEquals(Prompts.MAX_PART + 1, Prompts.cap("b".repeat(5_000)).length());
        assertEquals("short", Prompts.cap("short"));
    }

    @Test
    void withoutValuesAnEarlierAttemptShowsOnlyTheLiteralsTheModelWroteOrTheQuestionHolds() {
        Diagnosis d = new Diagnosis(ErrorCategory.UNKNOWN, "ERROR", "XX000", null, null, List.of());
        String sql = "SELECT \"Status\", \"CanaryQuoted\" FROM orders WHERE status = 'CanaryString' AND id > 4242 /* CanaryComment */"
                + " AND status <> 'shipped' AND id < 17 AND note = 'mine'";
        GenerationRequest r = new GenerationRequest("how many shipped orders?", null, "PostgreSQL 16", CATALOG, "TABLE orders",
                List.of(), List.of(new PreviousAttempt(sql, d, 30)), false, null, dev.nlsql.internal.knowledge.Knowledge.NONE,
                List.of("{\"answerable\": true, \"sql\": \"SELECT 1 FROM orders WHERE id < 17 AND note = 'mine'\"}"));
        String shown = Prompts.attempts(r);
        assertFalse(shown.contains("Canary"), shown);
        assertFalse(shown.contains("4242"), shown);
        assertTrue(shown.contains("SQL: SELECT \"Status\", \"…\" FROM orders WHERE status = '…' AND id > …"), "catalog names stay: " + shown);
        assertTrue(shown.contains("status <> 'shipped' AND id < 17 AND note = 'mine'"), "the question's and the model's own stay: " + shown);
        // MySQL reads a backslash inside a string as an escape: 'a\' CanaryWord ' is one string there, so nothing of it is shown
        String mysql = Prompts.attempts(new GenerationRequest("q", null, "MariaDB 11", CATALOG, "", List.of(),
                List.of(new PreviousAttempt("SELECT 'a\\' CanaryWord ' FROM orders", d, 30)), false));
        assertFalse(mysql.contains("Canary"), mysql);
        assertTrue(Prompts.attempts(new GenerationRequest("q", null, "PostgreSQL 16", CATALOG, "", List.of(), List.of(new PreviousAttempt(
                "SELECT 'CanaryString' -- x", d, 30)), true)).contains("'CanaryString'"), "with values the SQL is shown as tried");
    }
}
