package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The knowledge file's shape and bounds, in YAML and JSON: what is read, and what fails with 22023 naming why. */
class KnowledgeFileTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private SQLException refused(String name, String text) throws Exception {
        Path f = write(name, text);
        SQLException e = assertThrows(SQLException.class, () -> KnowledgeFile.read(f));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().startsWith("nlsql.knowledge " + f + ": "), e.getMessage());
        return e;
    }

    @Test
    void yamlAndJsonReadAlike() throws Exception {
        KnowledgeFile.Raw yaml = KnowledgeFile.read(write("k.yml", """
                instructions: [Revenue never counts cancelled orders.]
                glossary:
                  - {term: revenue, synonyms: [sales], sql: SUM(o.amount)}
                  - {term: client, means: customers}
                verified:
                  - {question: how many orders, sql: SELECT count(*) FROM o, by: anna, at: 2026-11-20}
                """));
        KnowledgeFile.Raw json = KnowledgeFile.read(write("k.json", """
                {"instructions": ["Revenue never counts cancelled orders."],
                 "glossary": [{"term": "revenue", "synonyms": ["sales"], "sql": "SUM(o.amount)"}, {"term": "client", "means": "customers"}],
                 "verified": [{"question": "how many orders", "sql": "SELECT count(*) FROM o", "by": "anna", "at": "2026-11-20"}]}
                """));
        assertEquals(yaml, json);
        assertEquals(List.of("sales"), yaml.glossary().get(0).synonyms());
        assertEquals("2026-11-20", yaml.verified().get(0).at(), "a date stays the text it was written as");
        assertEquals(new KnowledgeFile.Raw(List.of(), List.of(), List.of()), KnowledgeFile.read(write("empty.yaml", "")));
    }

    @Test
    void aFileThatCannotBeUsedSaysWhy() throws Exception {
        assertTrue(refused("a.yaml", "- just a list").getMessage().contains("must be a mapping"));
        assertTrue(refused("b.yaml", "verified: {question: x}").getMessage().contains("verified must be a list"));
        assertTrue(refused("c.yaml", "verified:\n  - question: x\n").getMessage().contains("verified question 1 (\"x\"): sql is missing"));
        assertTrue(refused("d.yaml", "glossary:\n  - term: x\n    sql: SUM(t.a)\n    means: t\n").getMessage().contains("exactly one of sql"));
        assertTrue(refused("e.yaml", "glossary:\n  - term: x\n").getMessage().contains("exactly one of sql"));
        assertTrue(refused("f.yaml", "instructions: [a]\nextra: 1\n").getMessage().contains("unknown key 'extra'"));
        assertTrue(refused("g.yaml", "instructions: [a]\ninstructions: [b]\n").getMessage().contains("not valid YAML"), "duplicate keys");
        assertTrue(refused("h.json", "{\"verified\": [").getMessage().contains("not valid JSON"));
        assertTrue(refused("i.yaml", "instructions:\n  - {a: {b: 1}}\n").getMessage().contains("instruction 1 must be text"));
        assertTrue(refused("i2.yaml", "instructions:\n  - Revenue is: price times quantity\n").getMessage()
                .contains("reads \"Revenue is: ...\" as a mapping: put the text in quotes"));
        assertTrue(refused("j.yaml", "verified:\n  - question: '   '\n    sql: SELECT 1\n").getMessage().contains("question is empty"));
    }

    @Test
    void everyBoundHolds() throws Exception {
        StringBuilder many = new StringBuilder("verified:\n");
        for (int i = 0; i <= KnowledgeFile.MAX_VERIFIED; i++) {
            many.append("  - {question: q").append(i).append(", sql: SELECT 1}\n");
        }
        assertTrue(refused("many.yaml", many.toString()).getMessage().contains("at most " + KnowledgeFile.MAX_VERIFIED));
        assertTrue(refused("long.yaml", "verified:\n  - question: q\n    sql: SELECT '" + "x".repeat(KnowledgeFile.MAX_SQL_CHARS) + "'\n")
                .getMessage().contains("characters long"));
        Path huge = dir.resolve("huge.yaml");
        Files.writeString(huge, "instructions:\n  - " + "y".repeat((int) KnowledgeFile.MAX_BYTES) + "\n", StandardCharsets.UTF_8);
        SQLException e = assertThrows(SQLException.class, () -> KnowledgeFile.read(huge));
        assertTrue(e.getMessage().contains("at most " + KnowledgeFile.MAX_BYTES), e.getMessage());
        String deep = "instructions: " + "[".repeat(40) + "]".repeat(40);
        assertTrue(refused("deep.yaml", deep).getMessage().contains("not valid YAML"), "nesting is bounded");
        // an alias is never expanded (Jackson's streaming parser reads it as its anchor's name), so no alias bomb grows
        assertEquals(List.of("hello", "x"), KnowledgeFile.read(write("alias.yaml", "instructions: [&x hello, *x]\n")).instructions());
    }
}
