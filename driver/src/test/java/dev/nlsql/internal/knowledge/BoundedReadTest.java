package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input files are bounded by what is read, not by what is reported: only a regular file, at most the limit plus one
 * byte, within a time bound. Through the knowledge file's reader too: each refusal is 22023 naming the file.
 */
class BoundedReadTest {

    @TempDir
    Path dir;

    static Path fifo(Path dir) throws Exception {
        Path fifo = dir.resolve("fifo.yaml");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo is needed");
        return fifo;
    }

    /** Releases a reader left blocked opening {@code fifo}: a writer opens it and closes at once. */
    static void release(Path fifo) throws java.io.IOException {
        // read-write never blocks on a FIFO on Linux, and counts as the writer a blocked open waits for
        new java.io.RandomAccessFile(fifo.toFile(), "rw").close();
    }

    @Test
    void aRegularFileWithinTheLimitIsReadWhole() throws Exception {
        Path f = dir.resolve("k.yaml");
        Files.writeString(f, "0123456789", StandardCharsets.UTF_8);
        assertArrayEquals("0123456789".getBytes(StandardCharsets.UTF_8), BoundedRead.read(f, 10, Duration.ofSeconds(5)));
        BoundedRead.Refused e = assertThrows(BoundedRead.Refused.class, () -> BoundedRead.read(f, 9, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("more than 9 bytes"), e.getMessage());
    }

    @Test
    void theLimitHoldsOnWhatIsReadNotOnTheReportedSize() throws Exception {
        Path proc = Path.of("/proc/self/status"); // reports 0 bytes, holds about a kilobyte
        assumeTrue(Files.isRegularFile(proc) && Files.size(proc) == 0);
        BoundedRead.Refused e = assertThrows(BoundedRead.Refused.class, () -> BoundedRead.read(proc, 64, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("more than 64 bytes"), e.getMessage());
        assertEquals(0, Files.size(proc), "the size the file system reports said nothing");
    }

    @Test
    void aLinkToDevZeroIsRefusedWithoutReadingIt() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("zero.yaml"), Path.of("/dev/zero"));
        BoundedRead.Refused e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(BoundedRead.Refused.class, () -> BoundedRead.read(link, 1 << 20, Duration.ofSeconds(5))));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        // and even were it opened, the read stops at the limit plus one byte
        BoundedRead.Refused read = assertThrows(BoundedRead.Refused.class, () -> BoundedRead.readWithin(link, 1 << 20, Duration.ofSeconds(5)));
        assertTrue(read.getMessage().contains("more than " + (1 << 20) + " bytes"), read.getMessage());
    }

    @Test
    void aFifoIsRefusedAndAReadThatBlocksGivesUpInTime() throws Exception {
        Path fifo = fifo(dir);
        try {
            BoundedRead.Refused e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(BoundedRead.Refused.class, () -> BoundedRead.read(fifo, 1 << 20, Duration.ofSeconds(5))));
            assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
            // a FIFO swapped in after the type check: the open blocks, the caller does not
            long start = System.nanoTime();
            BoundedRead.Refused late = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(BoundedRead.Refused.class, () -> BoundedRead.readWithin(fifo, 1 << 20, Duration.ofMillis(300))));
            assertTrue(late.getMessage().contains("not read within 300 ms"), late.getMessage());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
        } finally {
            release(fifo);
        }
    }

    @Test
    void theKnowledgeFileReaderSays22023NamingTheFile() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("zero.yaml"), Path.of("/dev/zero"));
        SQLException zero = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(SQLException.class, () -> KnowledgeFile.read(link)));
        assertEquals("22023", zero.getSQLState());
        assertTrue(zero.getMessage().startsWith("nlsql.knowledge " + link + ": it is not a regular file"), zero.getMessage());

        Path fifo = fifo(dir);
        try {
            SQLException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(SQLException.class, () -> KnowledgeFile.read(fifo)));
            assertEquals("22023", e.getSQLState());
            assertTrue(e.getMessage().startsWith("nlsql.knowledge " + fifo + ": it is not a regular file"), e.getMessage());
        } finally {
            release(fifo);
        }

        Path big = dir.resolve("big.yaml");
        Files.writeString(big, "instructions: [" + "x".repeat((int) KnowledgeFile.MAX_BYTES) + "]", StandardCharsets.UTF_8);
        SQLException tooBig = assertThrows(SQLException.class, () -> KnowledgeFile.read(big));
        assertEquals("22023", tooBig.getSQLState());
        assertTrue(tooBig.getMessage().contains("more than " + KnowledgeFile.MAX_BYTES + " bytes"), tooBig.getMessage());

        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, "instructions: [caf\u00e9]".getBytes(StandardCharsets.ISO_8859_1));
        SQLException notUtf8 = assertThrows(SQLException.class, () -> KnowledgeFile.read(latin1));
        assertEquals("22023", notUtf8.getSQLState());
        assertTrue(notUtf8.getMessage().contains("not UTF-8"), notUtf8.getMessage());
    }
}
