package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Semantic name candidates: word parts of the table's name, synonyms, and when they are clear-cut enough to repair. */
class NameCandidatesTest {

    private static TableInfo table(String name, String... columns) {
        return new TableInfo("public", name, null,
                Arrays.stream(columns).map(c -> new ColumnInfo(c, "int4", true, null)).toList(), List.of(), List.of());
    }

    private static final TableInfo PAPER = table("rep_paper", "paperid", "title", "year");
    private static final TableInfo REVIEW = table("rep_review", "reviewid", "paperid", "rating", "review_date");
    private static final TableInfo CUSTOMERS = table("customers", "id", "first_name", "last_name", "city");

    private static NameCandidates.Candidate confident(String wrong, TableInfo owner, TableInfo... inQuery) {
        return NameCandidates.confident(NameCandidates.columns(wrong, owner, List.of(inQuery), null));
    }

    @Test
    void theTablesWordPlusTheNameIsRepaired() {
        NameCandidates.Candidate c = confident("id", PAPER, PAPER, REVIEW);
        assertNotNull(c);
        assertEquals("rep_paper.paperid", c.qualified());
        assertEquals("rep_review.reviewid", confident("id", REVIEW, PAPER, REVIEW).qualified());
        assertEquals("title", confident("paper_title", PAPER, PAPER).name(), "the name minus the table's word");
    }

    @Test
    void aKnownSynonymIsRepaired() {
        assertEquals("rep_review.rating", confident("score", null, PAPER, REVIEW).qualified());
        assertEquals("rep_paper.title", confident("name", null, PAPER, REVIEW).qualified());
        assertEquals("rep_review.review_date", confident("date", null, PAPER, REVIEW).qualified(), "a word part");
        assertEquals("customers.city", confident("town", null, CUSTOMERS).qualified());
    }

    @Test
    void severalMatchesAreListedFirstButNotApplied() {
        List<NameCandidates.Candidate> idInJoin = NameCandidates.columns("id", null, List.of(PAPER, REVIEW), null);
        assertNull(NameCandidates.confident(idInJoin));
        assertEquals(List.of("rep_paper.paperid", "rep_review.reviewid"),
                idInJoin.subList(0, 2).stream().map(NameCandidates.Candidate::qualified).sorted().toList());
        List<NameCandidates.Candidate> name = NameCandidates.columns("name", CUSTOMERS, List.of(CUSTOMERS), null);
        assertNull(NameCandidates.confident(name));
        assertTrue(name.subList(0, 2).stream().allMatch(c -> c.name().endsWith("_name")), name.toString());
    }

    @Test
    void aQualifiedNameLooksOnlyInItsTableAndARealNameInAnotherCaseWins() {
        assertNull(confident("score", PAPER, PAPER, REVIEW), "rating is not in rep_paper");
        assertEquals("paperid", confident("PAPERID", PAPER, PAPER).name());
        assertTrue(NameSynonyms.of("rating").contains("score") && NameSynonyms.of("unheard_of").isEmpty());
    }

    private static List<String> scope(String wrong, TableInfo owner, TableInfo... inQuery) {
        List<NameCandidates.Candidate> ranked = NameCandidates.columns(wrong, owner, List.of(inQuery), null);
        return NameCandidates.scope(ranked, owner, List.of(inQuery)).columns().stream().map(NameCandidates.Candidate::qualified).toList();
    }

    @Test
    void theColumnsInScopeAreListedWhenNoCandidateIsCloseOrOneIsRepairedWithoutTheModel() {
        // nothing close: the qualifier's table only, else every table of the query (in order, without repeats)
        assertEquals(List.of("customers.id", "customers.first_name", "customers.last_name", "customers.city"),
                scope("type", CUSTOMERS, CUSTOMERS, PAPER));
        assertEquals(List.of("rep_paper.paperid", "rep_paper.title", "rep_paper.year", "customers.id", "customers.first_name",
                "customers.last_name", "customers.city"), scope("kind", null, PAPER, CUSTOMERS, PAPER));
        // one confident candidate is repaired by nlsql: the model reads the feedback only when that did not answer
        assertEquals(4, scope("date", null, REVIEW).size());
        assertEquals(4, scope("ratng", null, REVIEW).size());
        // several close candidates are the choice themselves
        assertEquals(List.of(), scope("name", CUSTOMERS, CUSTOMERS));
        assertEquals(List.of(), scope("id", null, PAPER, REVIEW));
        assertTrue(NameCandidates.scope(List.of(), null, List.of()).isEmpty(), "no table in scope");
    }

    @Test
    void aWideTablesColumnsAreCutButCounted() {
        String[] columns = new String[75];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = "measure_" + i;
        }
        TableInfo readings = table("readings", columns);
        NameCandidates.Scope wide = NameCandidates.scope(NameCandidates.columns("kind", null, List.of(readings), null), null,
                List.of(readings));
        assertEquals(NameCandidates.MAX_SCOPE, wide.columns().size());
        assertEquals(75, wide.total());
        assertEquals("readings.measure_0", wide.columns().get(0).qualified());
    }
}
