package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.config.NlProperty;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.DriverPropertyInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * getPropertyInfo and the source family: one entry {@code nlsql.source.<name>} describing it, then one entry per source
 * the URL or the Properties give, its URL with the password masked.
 */
class SourcePropertyInfoTest {

    @Test
    void theSourceFamilyIsOneEntryThenOneEntryPerGivenSource() throws Exception {
        String accounts = "jdbc:postgresql://127.0.0.1:5432/accounts?user=app&password=s3cretA";
        String url = "jdbc:nlsql:postgresql://127.0.0.1:5432/test?nlsql.source.Accounts=" + URLEncoder.encode(accounts, StandardCharsets.UTF_8);
        Properties info = new Properties();
        info.setProperty("nlsql.source.hr", "jdbc:mariadb://127.0.0.1:3306/hr?user=hr&password=s3cretB");
        info.setProperty("nlsql.source.accounts", "jdbc:postgresql://elsewhere/accounts"); // the URL's wins, as in connect
        info.setProperty("nlsql.sourceRows", "500");
        DriverPropertyInfo[] all = new NlDriver().getPropertyInfo(url, info);

        List<DriverPropertyInfo> sources = Arrays.stream(all).filter(d -> d.name.startsWith(NlProperty.SOURCE_PREFIX)).toList();
        assertEquals(List.of("nlsql.source.<name>", "nlsql.source.accounts", "nlsql.source.hr"), sources.stream().map(d -> d.name).toList());
        DriverPropertyInfo family = sources.get(0);
        assertNull(family.value);
        assertEquals(NlProperty.SOURCE.description(), family.description);
        assertEquals(NlUrl.masked(accounts), sources.get(1).value);
        assertTrue(sources.get(1).value.startsWith("jdbc:postgresql://127.0.0.1:5432/accounts?user=app&password="), sources.get(1).value);
        assertTrue(sources.get(2).value.startsWith("jdbc:mariadb://127.0.0.1:3306/hr?user=hr&password="), sources.get(2).value);
        assertTrue(sources.get(1).description.contains("accounts") && sources.get(2).description.contains("hr"));
        for (DriverPropertyInfo d : all) {
            String shown = d.name + "=" + d.value + " " + d.description;
            assertFalse(shown.contains("s3cretA") || shown.contains("s3cretB"), "no password in " + shown);
        }
        DriverPropertyInfo rows = Arrays.stream(all).filter(d -> d.name.equals("nlsql.sourceRows")).findFirst().orElseThrow();
        assertEquals("500", rows.value);
        assertEquals(1, Arrays.stream(all).filter(d -> d.name.equals("nlsql.sourceRows")).count());
    }

    @Test
    void withoutSourcesOnlyTheFamilyEntryIsListed() throws Exception {
        DriverPropertyInfo[] all = new NlDriver().getPropertyInfo("jdbc:nlsql:postgresql://127.0.0.1:5432/test", new Properties());
        assertEquals(List.of("nlsql.source.<name>"), Arrays.stream(all).map(d -> d.name).filter(n -> n.startsWith(NlProperty.SOURCE_PREFIX)).toList());
        DriverPropertyInfo rows = Arrays.stream(all).filter(d -> d.name.equals("nlsql.sourceRows")).findFirst().orElseThrow();
        assertEquals("100000", rows.value);
    }
}
