package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The value sampler's query is written in the connection's dialect: its quoting and its way of taking the first rows. */
class ValueSampleSqlTest {

    private static final TableInfo T = new TableInfo("app", "My \"Table`", null, List.of(new ColumnInfo("city", "varchar", true, null)),
            List.of(), List.of());

    private static String sql(String product, String quote) throws SQLException {
        Connection c = mock(Connection.class);
        DatabaseMetaData meta = mock(DatabaseMetaData.class);
        when(c.getMetaData()).thenReturn(meta);
        when(meta.getDatabaseProductName()).thenReturn(product);
        when(meta.getIdentifierQuoteString()).thenReturn(quote);
        return ValueIndex.sampleSql(c, false, T, T.columns().get(0));
    }

    private static String expected(String inner) {
        return "SELECT v FROM (" + inner + ") s GROUP BY v ORDER BY count(*) DESC";
    }

    @Test
    void mariaDbAndMysqlQuoteWithBackticksWhateverTheDriverSays() throws SQLException {
        String want = expected("SELECT `city` AS v FROM `app`.`My \"Table``` WHERE `city` IS NOT NULL LIMIT 5000");
        assertEquals(want, sql("MariaDB", "`"));
        assertEquals(want, sql("MySQL", "\"")); // ANSI_QUOTES or not, backticks are names
    }

    @Test
    void postgresQuotesWithDoubleQuotes() throws SQLException {
        assertEquals(expected("SELECT \"city\" AS v FROM \"app\".\"My \"\"Table`\" WHERE \"city\" IS NOT NULL LIMIT 5000"),
                ValueIndex.sampleSql(mock(Connection.class), true, T, T.columns().get(0)));
    }

    @Test
    void otherDatabasesUseTheirDriversQuoteAndStandardRowLimits() throws SQLException {
        assertEquals(expected("SELECT \"city\" AS v FROM \"app\".\"My \"\"Table`\" WHERE \"city\" IS NOT NULL LIMIT 5000"), sql("H2", "\""));
        assertEquals(expected("SELECT \"city\" AS v FROM \"app\".\"My \"\"Table`\" WHERE \"city\" IS NOT NULL FETCH FIRST 5000 ROWS ONLY"),
                sql("Oracle", "\""));
        assertEquals(expected("SELECT TOP 5000 \"city\" AS v FROM \"app\".\"My \"\"Table`\" WHERE \"city\" IS NOT NULL"),
                sql("Microsoft SQL Server", "\""));
        assertEquals(expected("SELECT city AS v FROM app.My \"Table` WHERE city IS NOT NULL FETCH FIRST 5000 ROWS ONLY"),
                sql("Some Database", " ")); // a driver that quotes no names
    }
}
