package dev.nlsql.demo;

import dev.nlsql.config.NlConfig;
import dev.nlsql.engine.Answer;
import dev.nlsql.engine.NlEngine;
import dev.nlsql.engine.Question;
import dev.nlsql.internal.generate.Generation;
import dev.nlsql.internal.generate.GenerationRequest;
import dev.nlsql.internal.generate.NotUnderstoodException;
import dev.nlsql.internal.generate.OfflineSqlGenerator;
import dev.nlsql.internal.generate.SqlGenerator;
import dev.nlsql.internal.knowledge.Knowledge;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Questions answered by the engine's offline generator with a glossary in every request, as the knowledge file
 * ({@code nlsql.knowledge}) will put it there: the engine, its correction loop and guard are the real ones.
 */
final class GlossaryAsker implements OfflineScore.Asker {

    private final NlEngine engine;
    private final Connection connection;
    private final boolean postgres;
    private final String key;
    private String lastSql;

    /** @param properties engine properties as name=value (nlsql.dialect=unverified on H2) */
    GlossaryAsker(Connection connection, boolean postgres, Knowledge knowledge, String... properties) throws SQLException {
        Properties p = new Properties();
        p.setProperty("nlsql.cache", "false");
        for (String nv : properties) {
            p.setProperty(nv.substring(0, nv.indexOf('=')), nv.substring(nv.indexOf('=') + 1));
        }
        OfflineSqlGenerator offline = new OfflineSqlGenerator();
        this.engine = new NlEngine(NlConfig.from(p), new SqlGenerator() {
            @Override
            public Generation generate(GenerationRequest r) throws NotUnderstoodException {
                return offline.generate(new GenerationRequest(r.question(), r.instructions(), r.dialect(), r.catalog(), r.schemaText(),
                        r.values(), r.previous(), r.sendValues(), r.sources(), knowledge));
            }

            @Override
            public boolean usesLlm() {
                return false;
            }
        });
        this.connection = connection;
        this.postgres = postgres;
        this.key = "glossary-asker|" + System.identityHashCode(this);
    }

    @Override
    public ResultSet ask(String question) throws SQLException {
        lastSql = null;
        Answer a = engine.answer(Question.of(question, null), connection, postgres, key, 100_000);
        lastSql = a.trace().finalSql();
        return a.rows();
    }

    @Override
    public String lastSql() {
        return lastSql;
    }
}
