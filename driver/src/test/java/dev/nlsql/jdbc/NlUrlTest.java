package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NlUrlTest {

    @Test
    void queryStyleParametersAreTakenOut() {
        NlUrl u = NlUrl.parse("jdbc:nlsql:postgresql://h:5432/db?user=u&nlsql.maxAttempts=5&ssl=false&nlsql.tables=public.a%2Cb");
        assertEquals("jdbc:postgresql://h:5432/db?user=u&ssl=false", u.delegateUrl());
        assertEquals("5", u.nlProperties().getProperty("nlsql.maxAttempts"));
        assertEquals("public.a,b", u.nlProperties().getProperty("nlsql.tables"), "URL-encoded values are decoded");
    }

    @Test
    void onlyNlParametersLeaveNoQuestionMark() {
        assertEquals("jdbc:postgresql://h/db", NlUrl.parse("jdbc:nlsql:postgresql://h/db?nlsql.llm=offline").delegateUrl());
        assertEquals("jdbc:postgresql://h/db?a=1", NlUrl.parse("jdbc:nlsql:postgresql://h/db?nlsql.llm=offline&a=1").delegateUrl());
    }

    @Test
    void semicolonStyleParametersAreTakenOut() {
        NlUrl u = NlUrl.parse("jdbc:nlsql:h2:mem:test;nlsql.llm=offline;MODE=PostgreSQL;nlsql.maxRows=9");
        assertEquals("jdbc:h2:mem:test;MODE=PostgreSQL", u.delegateUrl());
        assertEquals("offline", u.nlProperties().getProperty("nlsql.llm"));
        assertEquals("9", u.nlProperties().getProperty("nlsql.maxRows"));
    }

    @Test
    void bothStylesTogetherAndCaseInsensitiveNames() {
        NlUrl u = NlUrl.parse("jdbc:nlsql:sqlserver://h;databaseName=x;NLSQL.MAXROWS=3?nlsql.cache=false");
        assertEquals("jdbc:sqlserver://h;databaseName=x", u.delegateUrl());
        assertEquals("3", u.nlProperties().getProperty("nlsql.maxRows"));
        assertEquals("false", u.nlProperties().getProperty("nlsql.cache"));
    }

    @Test
    void otherUrlsAreNotOurs() {
        assertTrue(NlUrl.accepts("jdbc:nlsql:postgresql://x/y"));
        assertEquals(false, NlUrl.accepts("jdbc:postgresql://x/y"));
        assertEquals(false, NlUrl.accepts(null));
        assertEquals("jdbc:nlsql:postgresql://h/db", NlUrl.wrap("jdbc:postgresql://h/db"));
    }
}
