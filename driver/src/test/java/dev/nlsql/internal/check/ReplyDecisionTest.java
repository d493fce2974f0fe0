package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.HostileCorpus;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The first call's structured decision: read when it is there, plain SQL otherwise, never a crash. */
class ReplyDecisionTest {

    @Test
    void aDecisionGivesItsSqlOrItsReason() {
        assertEquals("SELECT count(*) FROM cars", SqlExtractor.extract("{\"answerable\": true, \"sql\": \"SELECT count(*) FROM cars\"}"));
        assertNull(SqlExtractor.notAnswerable("{\"answerable\": true, \"sql\": \"SELECT 1\"}"));
        assertEquals("no weather data", SqlExtractor.notAnswerable("{\"answerable\": false, \"reason\": \"no weather data\"}"));
        assertNull(SqlExtractor.extract("{\"answerable\": false, \"reason\": \"no weather data\", \"sql\": \"SELECT 1\"}"));
        assertEquals("the model found nothing in the schema for it", SqlExtractor.notAnswerable("{\"answerable\": false}"));
        assertEquals("x", SqlExtractor.notAnswerable("{\"answerable\": \"no\", \"reason\": \"x\"}"));
    }

    @Test
    void fencesLeadInsAndFencedSqlInsideAreRead() {
        String fenced = "Here is my answer:\n```json\n{\"answerable\": true, \"sql\": \"```sql\\nSELECT make FROM cars;\\n```\"}\n```";
        // the object is read as JSON from its first brace, so a fence inside its SQL string does not end it
        assertEquals("SELECT make FROM cars", SqlExtractor.extract(fenced));
        assertEquals("SELECT 2", SqlExtractor.extract("```json\n{\"sql\": \"SELECT 2;\", \"answerable\": true}\n```"));
        assertEquals("off topic", SqlExtractor.notAnswerable("```\n{\"answerable\": false, \"reason\": \"off topic\"}\n```\nSorry."));
        assertEquals("SELECT 3", SqlExtractor.extract("{\"answerable\": true, \"sql\": \"SELECT 3\"} and some words after it"));
        assertEquals("SELECT 4", SqlExtractor.extract("Here is the answer with the query:\n{\"answerable\": true, \"sql\": \"SELECT 4\"}"));
        assertNull(ReplyDecision.read("SELECT {fn now()} AS t -- {\"answerable\": false}"));
    }

    @Test
    void plainSqlAndOtherJsonAreNotDecisions() {
        assertNull(ReplyDecision.read("SELECT '{\"answerable\": false}'::jsonb"));
        assertEquals("SELECT '{\"answerable\": false}'::jsonb", SqlExtractor.extract("SELECT '{\"answerable\": false}'::jsonb"));
        assertNull(ReplyDecision.read("{\"foo\": 1}"));
        assertNull(ReplyDecision.read("[1, 2]"));
        assertNull(ReplyDecision.read("SELECT x FROM t WHERE j @> '{\"answerable\": false}'"));
        assertNull(ReplyDecision.read("WITH a AS (SELECT 1) SELECT '{\"sql\": 1}' FROM a"));
        assertNull(ReplyDecision.read("{\"answerable\": tru"));
        assertNull(SqlExtractor.extract("{\"answerable\": tru"), "garbage: no SQL, as for any reply without SQL");
        assertNull(ReplyDecision.read("{".repeat(50_000)));
        assertNull(ReplyDecision.read("x".repeat(300) + "```json\n{\"answerable\": false}\n```"), "only near the start");
    }

    @Test
    void theReasonIsBoundedAndOnOneLine() {
        String reason = SqlExtractor.notAnswerable("{\"answerable\": false, \"reason\": \"" + "why\\n ".repeat(5_000) + "\"}");
        assertTrue(reason.length() <= ReplyDecision.MAX_REASON + 1, reason.length() + "");
        assertFalse(reason.contains("\n"));
        ReplyDecision d = ReplyDecision.read("{\"answerable\": false, \"reason\": {\"nested\": [1,2]}}");
        assertFalse(d.answerable());
        assertEquals("the model found nothing in the schema for it", d.reasonOrDefault());
    }

    @Test
    void hostileAndRandomRepliesNeverThrow() throws Exception {
        for (String s : HostileCorpus.load().stream().map(HostileCorpus.Hostile::sql).toList()) {
            ReplyDecision.read(s);
            ReplyDecision.read("{\"answerable\": false, \"reason\": " + s + "}");
            SqlExtractor.extract("{\"sql\": \"" + s + "\"}");
        }
        Random r = new Random(16);
        String alphabet = "{}[]\":,\\ `afnlrstuex0123456789\n";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder(r.nextBoolean() ? "{" : "```json\n{");
            int n = r.nextInt(80);
            for (int k = 0; k < n; k++) {
                b.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            SqlExtractor.extract(b.toString());
            SqlExtractor.notAnswerable(b.toString());
        }
        long t0 = System.nanoTime();
        ReplyDecision.read("{\"sql\": \"" + "\\\"".repeat(9_000) + "\"}");
        ReplyDecision.read("{\"a\":" + "[".repeat(10_000));
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 2_000);
    }
}
