package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;

/** The proxy's view of a connection comes through unwrap, and says whether SQL text passes untouched. */
class ProxySupportIT {

    @Test
    void unwrapGivesTheProxyWhatItAsksAndTheConnectionDoesNotListIt() throws Exception {
        try (Connection allow = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=none"));
                Connection readonly = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=none", "nlsql.passthrough=readonly"))) {
            assertTrue(allow.isWrapperFor(ProxySupport.class));
            assertTrue(allow.unwrap(ProxySupport.class).passesSqlUntouched());
            assertFalse(readonly.unwrap(ProxySupport.class).passesSqlUntouched());
            assertFalse(allow instanceof ProxySupport, "a support interface, not part of the connection's own API");
            assertFalse(ProxySupport.class.isAssignableFrom(NlConnection.class));
        }
    }
}
