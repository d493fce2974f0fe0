package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The session's modes move only as the diagram in PgSession's header says. */
class SessionModeTest {

    @Test
    void theSimpleQueryPathRelaysParksAndComesBack() {
        SessionMode m = SessionMode.READY.to(SessionMode.RELAYING).to(SessionMode.TO_PARK).to(SessionMode.PARKED).to(SessionMode.READY);
        assertEquals(SessionMode.READY, m);
        assertEquals(SessionMode.READY, SessionMode.TO_PARK.to(SessionMode.READY), "a session that cannot park reads on");
        assertEquals(SessionMode.PARKED, SessionMode.READY.to(SessionMode.TO_PARK).to(SessionMode.PARKED),
                "an extended batch the loop would relay is relayed on the thread, then the session parks");
        assertEquals(SessionMode.READY, SessionMode.SKIPPING_TO_SYNC.to(SessionMode.READY), "the Sync ends the skipping");
    }

    @Test
    void movesTheDiagramDoesNotHaveThrow() {
        assertThrows(IllegalStateException.class, () -> SessionMode.READY.to(SessionMode.PARKED), "parking needs TO_PARK");
        assertThrows(IllegalStateException.class, () -> SessionMode.PARKED.to(SessionMode.RELAYING), "the loop hands back first");
        assertThrows(IllegalStateException.class, () -> SessionMode.SKIPPING_TO_SYNC.to(SessionMode.RELAYING),
                "a Query is skipped until the Sync");
        assertThrows(IllegalStateException.class, () -> SessionMode.RELAYING.to(SessionMode.SKIPPING_TO_SYNC));
    }

    @Test
    void aCancelGoesToTheBackendOnlyWhereTheProxyRelays() {
        assertTrue(SessionMode.RELAYING.backendRunsTheQuery());
        assertTrue(SessionMode.PARKED.backendRunsTheQuery());
        assertFalse(SessionMode.READY.backendRunsTheQuery());
        assertFalse(SessionMode.TO_PARK.backendRunsTheQuery());
        assertFalse(SessionMode.SKIPPING_TO_SYNC.backendRunsTheQuery());
    }
}
