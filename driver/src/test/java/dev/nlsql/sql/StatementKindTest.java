package dev.nlsql.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The keyword sets the driver and the proxy used before StatementKind, written out once more: each predicate must keep
 * exactly its set's members, so no caller's behaviour changed when the sets became one classifier.
 */
class StatementKindTest {

    /** Every word any of the former sets held, plus words none held. */
    private static final List<String> WORDS = List.of("select", "with", "values", "table", "insert", "update", "delete",
            "merge", "explain", "show", "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release",
            "prepare", "execute", "declare", "fetch", "move", "close", "copy", "set", "reset", "discard", "call", "create",
            "deallocate", "alter", "drop", "truncate", "listen", "notify", "vacuum", "analyze", "grant", "do", "upsert", "",
            "show_me", "selected");

    private static Set<String> members(Predicate<StatementKind> p) {
        Set<String> out = new TreeSet<>();
        for (String w : WORDS) {
            if (p.test(StatementKind.ofKeyword(w))) {
                out.add(w);
            }
        }
        return out;
    }

    private static Set<String> set(String... words) {
        return new TreeSet<>(List.of(words));
    }

    @Test
    void theGuardsQueryStarts() {
        assertEquals(set("select", "with", "values", "table"), members(StatementKind::isQuery));
    }

    @Test
    void plannedAtBindIsTheProxysExplainable() {
        assertEquals(set("select", "with", "values", "table", "insert", "update", "delete", "merge"),
                members(StatementKind::isPlanned));
    }

    @Test
    void explainableIsPostgresGrammarAsTheTextClassifierHadIt() {
        assertEquals(set("select", "with", "values", "table", "insert", "update", "delete", "merge", "execute", "declare",
                "create"), members(StatementKind::isExplainable));
    }

    @Test
    void relaysAloneIsTheRelayLoopsSet() {
        assertEquals(set("select", "with", "values", "table", "show", "explain", "insert", "update", "delete", "merge",
                "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "prepare", "execute",
                "declare", "fetch", "move", "close"), members(StatementKind::relaysAlone));
    }

    @Test
    void relayedAddsCopyAndSettingsToTheLoopsSet() {
        assertEquals(set("select", "with", "values", "table", "show", "explain", "insert", "update", "delete", "merge",
                "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "prepare", "execute",
                "declare", "fetch", "move", "close", "copy", "set", "reset", "discard"), members(StatementKind::isRelayed));
    }

    @Test
    void aModelsSqlReplyStartsAsReplyDecisionHadIt() {
        assertEquals(set("select", "with", "values", "table", "insert", "update", "delete", "merge", "call", "explain"),
                members(StatementKind::startsSqlReply));
    }

    @Test
    void theFirstKeywordDecidesPastCommentsParenthesesAndCase() {
        assertEquals(StatementKind.QUERY, StatementKind.of("  /* a */ -- b\n ((SELECT 1) UNION (SELECT 2))"));
        assertEquals(StatementKind.DATA_CHANGE, StatementKind.of("Insert INTO t VALUES (1)"));
        assertEquals(StatementKind.TRANSACTION, StatementKind.of("END"));
        assertEquals(StatementKind.SESSION, StatementKind.of("discard all"));
        assertEquals(StatementKind.DEALLOCATE, StatementKind.of("DEALLOCATE ALL"));
        assertEquals(StatementKind.QUERY, StatementKind.ofKeyword("WITH"));
    }

    @Test
    void whatIsNoStatementIsOther() {
        assertEquals(StatementKind.OTHER, StatementKind.of(null));
        assertEquals(StatementKind.OTHER, StatementKind.of(""));
        assertEquals(StatementKind.OTHER, StatementKind.of("how many orders shipped?"));
        assertEquals(StatementKind.OTHER, StatementKind.of("123"));
        assertEquals(StatementKind.OTHER, StatementKind.ofKeyword(null));
        assertEquals(StatementKind.OTHER, StatementKind.of("ALTER TABLE t ADD c int"));
    }
}
