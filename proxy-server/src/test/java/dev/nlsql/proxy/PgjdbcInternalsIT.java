package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The proxy reads pgjdbc internals by reflection (its stream, its statement-invalidation counter, its
 * ParameterStatus hook, the column descriptions behind its metadata). They are pinned to one pgjdbc release: this
 * test fails loudly when the bundled pgjdbc changes or the internals move, instead of the proxy quietly falling back.
 */
class PgjdbcInternalsIT {

    @Test
    void theBundledPgjdbcIsTheOneWhoseInternalsWereVerified() {
        assertEquals(BackendRelay.VERIFIED_PGJDBC, org.postgresql.util.DriverInfo.DRIVER_VERSION,
                "pgjdbc was upgraded: re-read QueryExecutorBase.pgStream and lock, QueryExecutorImpl.deallocateEpoch,"
                        + " QueryExecutorBase.onParameterStatus and PgResultSetMetaData.fields in the new release, run the proxy"
                        + " tests, then update BackendRelay.VERIFIED_PGJDBC");
    }

    @Test
    void everyInternalTheProxyReadsIsThere() throws Exception {
        assertEquals(List.of(), BackendRelay.missingInternals());
        assertTrue(BackendFields.reachable(), "PgResultSetMetaData.fields");
        try (Connection c = DriverManager.getConnection(TestPostgres.url()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 'x'::varchar(20) AS v")) {
            assertNotNull(BackendRelay.of(c.unwrap(org.postgresql.core.BaseConnection.class), StatementCache.DEFAULT_CAPACITY), "a relay over a live connection");
            org.postgresql.core.Field[] fields = BackendFields.of(rs.getMetaData());
            assertNotNull(fields);
            assertEquals(1043, fields[0].getOID(), "varchar, as the server described it");
            assertEquals(24, fields[0].getMod(), "varchar(20): the type modifier the server sent");
        }
    }
}
