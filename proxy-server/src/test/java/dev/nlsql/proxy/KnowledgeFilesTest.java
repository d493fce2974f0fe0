package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The values of --knowledge ({@code FILE}, {@code db=FILE}) and which file a database's logins get. */
class KnowledgeFilesTest {

    @TempDir
    Path dir;

    @Test
    void aFileForEveryDatabaseAndFilesNamedForOne() throws Exception {
        Path all = Files.writeString(dir.resolve("all.yaml"), "");
        Path shop = Files.writeString(dir.resolve("shop.yaml"), "");
        Path withEquals = Files.writeString(dir.resolve("a=b.yaml"), "");
        KnowledgeFiles files = KnowledgeFiles.of(List.of(all.toString(), "shop=" + shop, "Crm Data=" + withEquals));
        assertEquals(all, files.forDatabase("other"));
        assertFalse(files.namedFor("other"));
        assertEquals(shop, files.forDatabase("shop"));
        assertTrue(files.namedFor("shop"));
        assertEquals(withEquals, files.forDatabase("Crm Data"));
        assertEquals(all, files.forDatabase("SHOP"), "a database's name is matched as PostgreSQL matches it, case kept");
        assertEquals(all, files.forDatabase(null));
        // a readable file with = in its name is a file; so is a path with a separator before the =
        assertEquals(withEquals, KnowledgeFiles.of(List.of(withEquals.toString())).everywhere());
        assertNull(KnowledgeFiles.of(List.of("shop=" + shop)).forDatabase("other"));
        assertThrows(IllegalArgumentException.class, () -> KnowledgeFiles.of(List.of(all.toString(), shop.toString())));
        assertThrows(IllegalArgumentException.class, () -> KnowledgeFiles.of(List.of("shop=" + all, "shop=" + shop)));
        assertThrows(IllegalArgumentException.class, () -> KnowledgeFiles.of(List.of("shop=")));
        assertThrows(IllegalArgumentException.class, () -> KnowledgeFiles.of(List.of("shop=" + dir.resolve("none.yaml"))));
    }

    @Test
    void theDatabaseABackendUrlNames() {
        assertEquals("shop", PgServer.databaseOf("jdbc:nlsql:postgresql://127.0.0.1:5432/shop?user=app"));
        assertEquals("crm data", PgServer.databaseOf("jdbc:nlsql:postgresql://h1,h2/crm%20data"));
        assertEquals("shop", PgServer.databaseOf("jdbc:nlsql:postgresql:shop"));
        assertNull(PgServer.databaseOf("jdbc:nlsql:postgresql://127.0.0.1:5432/"));
        assertNull(PgServer.databaseOf("jdbc:nlsql:h2:mem:x"));
    }
}
