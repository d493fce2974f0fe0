package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #15: every result set from the nlsql connection's DatabaseMetaData leads back, through
 * getStatement().getConnection(), to the nlsql connection and not to the wrapped one.
 */
class MetaDataConnectionIT {

    private static final String TABLE = "nlsql_metadata_items";
    private static final String CHILD = "nlsql_metadata_children";

    @BeforeEach
    void createTables() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + CHILD + ", " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id serial PRIMARY KEY, name text NOT NULL)");
            s.execute("CREATE TABLE " + CHILD + " (id serial PRIMARY KEY, item_id int REFERENCES " + TABLE + "(id))");
        }
    }

    @AfterEach
    void dropTables() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + CHILD + ", " + TABLE);
        }
    }

    @FunctionalInterface
    private interface Call {
        ResultSet on(DatabaseMetaData md) throws SQLException;
    }

    private static void check(Connection nl, String what, Call call) throws SQLException {
        DatabaseMetaData md = nl.getMetaData();
        assertSame(nl, md.getConnection(), what + ": md.getConnection()");
        try (ResultSet rs = call.on(md)) {
            assertNotNull(rs, what);
            Statement st = rs.getStatement();
            assertTrue(st == null || st.getConnection() == nl,
                    what + ": rs.getStatement().getConnection() is " + (st == null ? null : st.getConnection()));
            if (st != null) {
                assertSame(nl.unwrap(NlConnection.class), st.getConnection().unwrap(NlConnection.class), what);
            }
            // The wrapped result set still reads the delegate's rows.
            rs.getMetaData().getColumnCount();
            while (rs.next()) {
                rs.getString(1);
            }
        }
    }

    @Test
    void metadataResultSetsLeadBackToTheNlsqlConnection() throws SQLException {
        try (Connection nl = DriverManager.getConnection(TestPostgres.nlUrl())) {
            assertTrue(nl.isWrapperFor(NlConnection.class)); // a proxy that also passes casts to PGConnection
            check(nl, "getTables", md -> md.getTables(null, "public", TABLE, new String[] {"TABLE"}));
            check(nl, "getColumns", md -> md.getColumns(null, "public", TABLE, "%"));
            check(nl, "getPrimaryKeys", md -> md.getPrimaryKeys(null, "public", TABLE));
            check(nl, "getTypeInfo", DatabaseMetaData::getTypeInfo);
            check(nl, "getImportedKeys", md -> md.getImportedKeys(null, "public", CHILD));
            check(nl, "getExportedKeys", md -> md.getExportedKeys(null, "public", TABLE));
            check(nl, "getIndexInfo", md -> md.getIndexInfo(null, "public", TABLE, false, true));
            check(nl, "getSchemas", DatabaseMetaData::getSchemas);
            check(nl, "getCatalogs", DatabaseMetaData::getCatalogs);
            check(nl, "getTableTypes", DatabaseMetaData::getTableTypes);
            check(nl, "getProcedures", md -> md.getProcedures(null, "pg_catalog", "abs"));
            check(nl, "getFunctions", md -> md.getFunctions(null, "pg_catalog", "abs"));
        }
    }

    @Test
    void closingTheMetadataStatementLeavesTheConnectionOpen() throws SQLException {
        // What DBeaver and Spring's JdbcUtils may do: close the result set's statement.
        try (Connection nl = DriverManager.getConnection(TestPostgres.nlUrl())) {
            ResultSet rs = nl.getMetaData().getTables(null, "public", TABLE, null);
            Statement st = rs.getStatement();
            rs.close();
            if (st != null) {
                st.close();
            }
            assertFalse(nl.isClosed());
            try (ResultSet again = nl.getMetaData().getPrimaryKeys(null, "public", TABLE)) {
                assertTrue(again.next());
            }
        }
    }
}
