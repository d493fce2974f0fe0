package dev.nlsql.bench;

import dev.nlsql.config.NlConfig;
import dev.nlsql.engine.NlEngine;
import dev.nlsql.engine.Question;
import dev.nlsql.engine.TestEngines;
import dev.nlsql.internal.generate.LlmSqlGenerator;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The engine's own time for one question with an instant in-process model: prompt rendering,
 * generation through the langchain4j client path, extraction, guard, catalog check, and a
 * one-row read-only query. "warm" reuses the catalog; "cold" reads it from the database again.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class EngineBenchmark {

    @Param({"car_dealership", "broker", "derm_treatment", "ewallet", "wide1000"})
    public String schema;

    @Param({"warm", "cold"})
    public String catalog;

    private Connection connection;
    private NlEngine engine;
    private Question question;
    private String key;

    @Setup(Level.Trial)
    public void setUp() throws SQLException {
        BenchSchemas.Target target = BenchSchemas.target(schema);
        connection = DriverManager.getConnection(target.url());
        Properties p = new Properties();
        p.setProperty("nlsql.cache", "false");
        engine = TestEngines.withGenerator(NlConfig.from(p), new LlmSqlGenerator(new InstantChatModel(target.sql()), "instant"));
        question = Question.of("show one row of the table", null);
        key = "bench|" + schema;
        answer();
    }

    @Setup(Level.Invocation)
    public void forgetCatalog() {
        if (catalog.equals("cold")) {
            engine.schemaChanged(key);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
        connection.close();
    }

    @Benchmark
    public boolean answer() throws SQLException {
        try (ResultSet rs = engine.answer(question, connection, key, 100).rows()) {
            return rs.next();
        }
    }
}
