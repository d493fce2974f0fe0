package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaLinker;
import dev.nlsql.internal.schema.TableInfo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The glossary terms a question uses, and how they bring their tables into a large schema's prompt. */
class TouchedTermsTest {

    private static final GlossaryTerm PATRON = new GlossaryTerm("patron", List.of("regulars"), GlossaryTerm.Kind.NAME, null, "members",
            List.of("members"));
    private static final GlossaryTerm TAKINGS = new GlossaryTerm("takings", List.of(), GlossaryTerm.Kind.MEASURE, "SUM(tills.amount)",
            null, List.of("tills"));
    private static final GlossaryTerm LOYAL = new GlossaryTerm("loyal member", List.of(), GlossaryTerm.Kind.FILTER,
            "members.visits > 10", null, List.of("members"));

    @Test
    void aTermIsUsedWhenTheQuestionHasItOrASynonymAsAPhrase() {
        List<GlossaryTerm> all = List.of(PATRON, TAKINGS, LOYAL);
        assertEquals(List.of(PATRON), TouchedTerms.of("How many Patrons came?", all), "plural and case");
        assertEquals(List.of(PATRON), TouchedTerms.of("our regulars", all));
        assertEquals(List.of(TAKINGS, LOYAL), TouchedTerms.of("takings of loyal members", all));
        assertEquals(List.of(), TouchedTerms.of("loyal customers, and members", all), "the words of a phrase must be together");
    }

    @Test
    void aTermBringsItsTablesIntoTheLinkedSchema() {
        List<TableInfo> tables = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            tables.add(new TableInfo("public", "t" + i, null, List.of(new ColumnInfo("c" + i, "text", true, null),
                    new ColumnInfo("d" + i, "integer", true, null)), List.of(), List.of()));
        }
        tables.add(new TableInfo("public", "members", null, List.of(new ColumnInfo("name", "text", true, null),
                new ColumnInfo("visits", "integer", true, null)), List.of(), List.of()));
        tables.add(new TableInfo("public", "tills", null, List.of(new ColumnInfo("amount", "numeric", true, null)), List.of(), List.of()));
        SchemaCatalog catalog = new SchemaCatalog("PostgreSQL", "15", "public", tables);
        SchemaLinker linker = new SchemaLinker();
        String question = "how many patrons do we have";
        SchemaLinker.Linked without = linker.linkForPrompt(question, catalog, List.of());
        assertFalse(without.whole());
        assertFalse(without.tables().stream().anyMatch(t -> t.name().equals("members")), without.tables().toString());
        SchemaLinker.Linked with = linker.linkForPrompt(TouchedTerms.linkingText(question, List.of(PATRON, TAKINGS)), catalog, List.of());
        assertTrue(with.tables().stream().anyMatch(t -> t.name().equals("members")), with.tables().toString());
        assertFalse(with.tables().stream().anyMatch(t -> t.name().equals("tills")), "a term the question does not use adds nothing");
        assertTrue(linker.linkForPrompt(TouchedTerms.linkingText("takings per day", List.of(TAKINGS)), catalog, List.of()).tables()
                .stream().anyMatch(t -> t.name().equals("tills")));
    }
}
