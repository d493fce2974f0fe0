package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.verify;

import dev.nlsql.config.NlConfig;
import dev.nlsql.internal.generate.Generation;
import dev.nlsql.internal.generate.SqlGenerator;
import dev.nlsql.testing.Benchmarks;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Once warm, answering a question reads no catalog data from the database. */
class WarmCatalogIT {

    @Test
    void aWarmEngineAsksTheDatabaseNothingAboutItsSchema() throws Exception {
        String url = Benchmarks.loadDefog("car_dealership");
        Properties p = new Properties();
        p.setProperty("nlsql.cache", "false");
        p.setProperty("nlsql.maxRows", "999");
        SqlGenerator instant = new SqlGenerator() {
            @Override
            public Generation generate(dev.nlsql.internal.generate.GenerationRequest request) {
                return new Generation("SELECT count(*) FROM cars", 0, 0, 0, 1);
            }

            @Override
            public boolean usesLlm() {
                return true;
            }
        };
        NlEngine engine = TestEngines.withGenerator(NlConfig.from(p), instant);
        try (Connection real = DriverManager.getConnection(url)) {
            Connection watched = spy(real);
            String key = "warm-catalog-test|" + url;
            try (ResultSet rs = engine.answer(Question.of("how many cars?", null), watched, key, 10).rows()) {
                rs.next();
                assertEquals(21, rs.getInt(1));
            }
            verify(watched, atLeastOnce()).getMetaData();
            clearInvocations(watched);
            try (ResultSet rs = engine.answer(Question.of("how many cars?", null), watched, key, 10).rows()) {
                rs.next();
                assertEquals(21, rs.getInt(1));
            }
            verify(watched, never()).getMetaData();
            verify(watched, never()).getSchema();
        }
    }
}
