package dev.nlsql.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NlConfigTest {

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void anUnknownPropertyNamesTheNearestKnownOne() {
        SQLException typo = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.maxAtempts", "3"), Map.of()));
        assertEquals(NlConfig.INVALID_VALUE, typo.getSQLState());
        assertEquals("Unknown property nlsql.maxAtempts; did you mean nlsql.maxAttempts?", typo.getMessage());
        // a case slip, a swap, a dropped word part: each the one meant
        assertEquals("nlsql.maxAttempts", NearestName.of("nlsql.maxattempts", List.of("nlsql.maxRows", "nlsql.maxAttempts")));
        assertTrue(NlProperty.unknownKeyMessage("nlsql.knowlegde").endsWith("did you mean nlsql.knowledge?"));
        assertTrue(NlProperty.unknownKeyMessage("nlsql.llm.basUrl").endsWith("did you mean nlsql.llm.baseUrl?"));
        // nothing close: every known name, as before
        SQLException far = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.colour", "blue"), Map.of()));
        assertTrue(far.getMessage().startsWith("Unknown property nlsql.colour; known nlsql properties: nlsql.llm, "), far.getMessage());
        assertFalse(far.getMessage().contains("did you mean"), far.getMessage());
        // options too (the proxy's and the CLI's): the same rule
        assertEquals("--backend", NearestName.of("--backnd", List.of("--port", "--backend", "--knowledge")));
        assertEquals("--port", NearestName.of("--prot", List.of("--port", "--backend")));
        assertEquals(null, NearestName.of("--bogus", List.of("--port", "--backend", "--knowledge", "--listen", "--auth")));
    }

    @Test
    void defaultsFollowTheDesign() throws SQLException {
        NlConfig c = NlConfig.from(new Properties(), Map.of());
        assertEquals(NlConfig.LlmKind.OFFLINE, c.llm());
        assertEquals("gpt-4o-mini", c.llmModel());
        assertEquals(60, c.llmTimeoutSeconds());
        assertEquals(3, c.maxAttempts());
        assertEquals(10000, c.maxRows());
        assertEquals(30, c.queryTimeoutSeconds());
        assertEquals(List.of("*"), c.tables());
        assertEquals(NlConfig.Passthrough.ALLOW, c.passthrough());
        assertTrue(c.cache());
        assertEquals(64L * 1024 * 1024, c.maxResultBytes());
        assertEquals(20000, c.llmMaxReplyChars());
        assertTrue(c.llmSendValues());
        assertEquals(null, c.readRole());
        assertEquals(List.of(), c.functions());
        assertEquals(NlConfig.Dialect.AUTO, c.dialect());
    }

    @Test
    void safetyPropertiesAreParsed() throws SQLException {
        NlConfig c = NlConfig.from(props("nlsql.maxResultBytes", "512KB", "nlsql.readRole", "nlsql_reader",
                "nlsql.functions", "app.score, tax_rate", "nlsql.llm.sendValues", "FALSE", "nlsql.dialect", "MySQL",
                "nlsql.llm.maxReplyChars", "5000"), Map.of());
        assertEquals(512L * 1024, c.maxResultBytes());
        assertEquals("nlsql_reader", c.readRole());
        assertEquals(List.of("app.score", "tax_rate"), c.functions());
        assertEquals(false, c.llmSendValues());
        assertEquals(NlConfig.Dialect.MYSQL, c.dialect());
        assertEquals(5000, c.llmMaxReplyChars());
        assertEquals(1234L, NlConfig.from(props("nlsql.maxResultBytes", "1234"), Map.of()).maxResultBytes());
        for (String bad : new String[] {"0", "-5MB", "lots", "99999999999GB"}) {
            SQLException e = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.maxResultBytes", bad), Map.of()));
            assertEquals("22023", e.getSQLState());
        }
        assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.dialect", "oracle"), Map.of()));
    }

    @Test
    void anLlmIsChosenWhenABaseUrlOrKeyIsKnown() throws SQLException {
        assertEquals(NlConfig.LlmKind.OPENAI, NlConfig.from(new Properties(), Map.of("OPENAI_API_KEY", "k")).llm());
        NlConfig c = NlConfig.from(props("nlsql.llm.baseUrl", "http://localhost:11434/v1"), Map.of());
        assertEquals(NlConfig.LlmKind.OPENAI, c.llm());
        assertEquals("http://localhost:11434/v1", c.llmBaseUrl());
        assertEquals(NlConfig.LlmKind.NONE, NlConfig.from(props("nlsql.llm", "NONE"), Map.of("OPENAI_API_KEY", "k")).llm());
    }

    @Test
    void theSharedCacheIsOffUnlessARedisUrlIsGiven() throws SQLException {
        NlConfig off = NlConfig.from(new Properties(), Map.of());
        assertEquals(null, off.cacheShared());
        assertEquals(86400, off.cacheSharedTtlSeconds());
        assertEquals(200, off.cacheSharedTimeoutMillis());
        NlConfig on = NlConfig.from(props("nlsql.cache.shared", " redis://cache:6379/2 ", "nlsql.cache.sharedTtlSeconds", "60",
                "nlsql.cache.sharedTimeoutMillis", "50"), Map.of());
        assertEquals("redis://cache:6379/2", on.cacheShared());
        assertEquals(60, on.cacheSharedTtlSeconds());
        assertEquals(50, on.cacheSharedTimeoutMillis());
        assertNotEquals(off.identity(), on.identity(), "engines with and without the store are not shared");
        for (String bad : List.of("cache:6379", "http://cache:6379", "redis://")) {
            SQLException e = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.cache.shared", bad), Map.of()));
            assertEquals(NlConfig.INVALID_VALUE, e.getSQLState());
            assertTrue(e.getMessage().contains("nlsql.cache.shared"), e.getMessage());
        }
    }

    @Test
    void listsAndChoicesAreParsed() throws SQLException {
        NlConfig c = NlConfig.from(props("nlsql.tables", " public.orders , customers ,", "nlsql.passthrough", "ReadOnly",
                "nlsql.deniedFunctions", "app.audit*"), Map.of());
        assertEquals(List.of("public.orders", "customers"), c.tables());
        assertEquals(NlConfig.Passthrough.READONLY, c.passthrough());
        assertEquals(List.of("app.audit*"), c.deniedFunctions());
    }

    @Test
    void badValuesNameThePropertyAndWhatIsExpected() {
        SQLException e = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.passthrough", "sometimes"), Map.of()));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("nlsql.passthrough") && e.getMessage().contains("readonly"), e.getMessage());
        assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.maxRows", "-1"), Map.of()));
        assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.cache", "maybe"), Map.of()));
    }

    @Test
    void theSeedIsAnOptionalWholeNumber() throws SQLException {
        assertEquals(null, NlConfig.defaults().llmSeed(), "no seed unless one is set");
        assertEquals(null, NlConfig.from(props("nlsql.llm.seed", " "), Map.of()).llmSeed());
        assertEquals(42, NlConfig.from(props("nlsql.llm.seed", "42"), Map.of()).llmSeed());
        assertEquals(-7, NlConfig.from(props("nlsql.llm.seed", "-7"), Map.of()).llmSeed());
        for (String bad : new String[] {"lots", "1.5", "99999999999"}) {
            SQLException e = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.llm.seed", bad), Map.of()));
            assertEquals("22023", e.getSQLState());
            assertTrue(e.getMessage().contains("nlsql.llm.seed"), e.getMessage());
        }
        assertFalse(NlConfig.from(props("nlsql.llm.seed", "1"), Map.of()).identity()
                .equals(NlConfig.from(props("nlsql.llm.seed", "2"), Map.of()).identity()), "different seeds never share an engine");
    }

    @Test
    void tablePatternsSplitAtCommasOutsideQuotesAndAnOpenQuoteIsAnError() throws SQLException {
        NlConfig c = NlConfig.from(props("nlsql.tables", "public.\"Orders, 2024\" , \"Sales\".*,`a,b`.t"), Map.of());
        assertEquals(List.of("public.\"Orders, 2024\"", "\"Sales\".*", "`a,b`.t"), c.tables());
        SQLException e = assertThrows(SQLException.class, () -> NlConfig.from(props("nlsql.tables", "public.\"CUSTOMERS, sales.*"), Map.of()));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("nlsql.tables") && e.getMessage().contains("not closed"), e.getMessage());
    }

    @Test
    void sourcesAreNamedAttachedDatabasesWithTheirOwnAllowLists() throws SQLException {
        NlConfig c = NlConfig.from(props("nlsql.source.Accounts", " jdbc:postgresql://h/acc ", "nlsql.source.crm", "jdbc:mariadb://h/crm",
                "nlsql.tables", "public.orders, accounts:public.*, accounts:\"Odd:Name\", main:public.items"), Map.of());
        assertEquals(Map.of("accounts", "jdbc:postgresql://h/acc", "crm", "jdbc:mariadb://h/crm"), c.sources());
        assertEquals(List.of("accounts", "crm"), List.copyOf(c.sources().keySet()));
        assertEquals(List.of("public.orders", "public.items"), c.tables());
        assertEquals(List.of("public.orders", "public.items"), c.tables(NlConfig.MAIN));
        assertEquals(List.of("public.*", "\"Odd:Name\""), c.tables("accounts"));
        assertEquals(List.of("*"), c.tables("crm"));
        assertEquals(100000, c.sourceRows());
        assertEquals(7, NlConfig.from(props("nlsql.sourceRows", "7"), Map.of()).sourceRows());
        assertEquals(List.of("*"), NlConfig.from(props("nlsql.source.a", "jdbc:x:y", "nlsql.tables", "a:t"), Map.of()).tables());
        assertEquals(List.of(), NlConfig.from(props("nlsql.tables", ""), Map.of()).tables());
        assertFalse(c.identity().equals(NlConfig.from(props("nlsql.source.accounts", "jdbc:postgresql://h/other"), Map.of()).identity()));
    }

    @Test
    void badSourcesFailWithTheSourceNamed() {
        for (String[] bad : new String[][] {{"nlsql.source.main", "jdbc:postgresql://h/x"}, {"nlsql.source.local", "jdbc:postgresql://h/x"},
            {"nlsql.source.1abc", "jdbc:postgresql://h/x"}, {"nlsql.source.a-b", "jdbc:postgresql://h/x"},
            {"nlsql.source.acc", "postgresql://h/x"}, {"nlsql.source.acc", "jdbc:nlsql:postgresql://h/x"}, {"nlsql.sourceRows", "0"},
            {"nlsql.tables", "nosuch:public.*"}}) {
            SQLException e = assertThrows(SQLException.class, () -> NlConfig.from(props(bad), Map.of()), String.join("=", bad));
            assertEquals("22023", e.getSQLState());
            String named = bad[0].startsWith("nlsql.source.") ? bad[0].substring("nlsql.source.".length())
                    : bad[0].equals("nlsql.tables") ? "nosuch" : "nlsql.sourceRows";
            assertTrue(e.getMessage().contains(named), e.getMessage());
        }
    }
}
