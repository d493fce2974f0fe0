package dev.nlsql.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
 * SQL pass-through cost: a point SELECT by primary key through jdbc:postgresql ("plain") and
 * through jdbc:nlsql:postgresql ("nlsql") in the same run, for the same text repeated, a new
 * literal every call (no cache can help), and a prepared statement.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PassthroughBenchmark {

    static final int ROWS = 10_000;
    static final String TABLE = "nlsql_bench_points";

    @Param({"plain", "nlsql"})
    public String driver;

    private Connection connection;
    private Statement statement;
    private PreparedStatement prepared;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws SQLException {
        BenchDatabase.ensurePointsTable();
        String url = "plain".equals(driver) ? BenchDatabase.url() : BenchDatabase.nlUrl();
        connection = DriverManager.getConnection(url);
        statement = connection.createStatement();
        prepared = connection.prepareStatement("SELECT id, name FROM " + TABLE + " WHERE id = ?");
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
        connection.close();
    }

    @Benchmark
    public String sameText() throws SQLException {
        return firstName(statement.executeQuery("SELECT id, name FROM " + TABLE + " WHERE id = 4242"));
    }

    @Benchmark
    public String newLiteral() throws SQLException {
        next = (next + 7919) % ROWS;
        return firstName(statement.executeQuery("SELECT id, name FROM " + TABLE + " WHERE id = " + next));
    }

    @Benchmark
    public String prepared() throws SQLException {
        next = (next + 7919) % ROWS;
        prepared.setInt(1, next);
        return firstName(prepared.executeQuery());
    }

    private static String firstName(ResultSet rs) throws SQLException {
        try (rs) {
            return rs.next() ? rs.getString(2) : null;
        }
    }
}
