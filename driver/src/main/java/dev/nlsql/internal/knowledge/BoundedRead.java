package dev.nlsql.internal.knowledge;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reads a whole input file bounded by what is read, not by what the file system reports: only a regular file (a link is
 * followed, so a link to {@code /dev/zero} or a FIFO is refused), at most the limit plus one byte, within a time bound.
 * The read runs on a thread of its own so that an open that blocks (a FIFO swapped in after the type check) cannot hold
 * the caller; such a thread is left blocked, and stays so until the FIFO gets a writer.
 */
final class BoundedRead {

    /** Why a file was not read: the message says it in the words the caller's error uses ("it is ..."). */
    static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    private BoundedRead() {
    }

    /** The bytes of the regular file at {@code path}; refused when it holds more than {@code maxBytes} or is not read in time. */
    static byte[] read(Path path, long maxBytes, Duration timeout) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class); // follows links
        if (!attributes.isRegularFile()) {
            throw new Refused("it is not a regular file (" + (attributes.isDirectory() ? "a directory" : "a device, FIFO or socket")
                    + "); only a regular file is read");
        }
        return readWithin(path, maxBytes, timeout);
    }

    /** The bytes of the file at {@code path}, whatever its type: at most {@code maxBytes}, within {@code timeout}. */
    static byte[] readWithin(Path path, long maxBytes, Duration timeout) throws IOException {
        AtomicReference<FileChannel> open = new AtomicReference<>();
        CompletableFuture<byte[]> bytes = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                bytes.complete(readAtMost(path, maxBytes, open));
            } catch (Throwable e) {
                bytes.completeExceptionally(e);
            }
        }, "nlsql-bounded-read");
        reader.setDaemon(true);
        reader.start();
        try {
            return bytes.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            reader.interrupt(); // closes the channel when the read has begun; an open that blocks stays blocked
            closeQuietly(open.get());
            throw new Refused("it was not read within " + timeout.toMillis() + " ms (a FIFO, or a stalled file system?)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reader.interrupt();
            closeQuietly(open.get());
            throw new InterruptedIOException("interrupted while reading " + path);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
        }
    }

    private static byte[] readAtMost(Path path, long maxBytes, AtomicReference<FileChannel> open) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            open.set(channel);
            int limit = (int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 16);
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(limit, 64 * 1024));
            while (true) {
                if (!buffer.hasRemaining()) {
                    if (buffer.capacity() >= limit) {
                        break;
                    }
                    buffer = ByteBuffer.allocate((int) Math.min((long) buffer.capacity() * 2, limit)).put(buffer.flip());
                }
                if (channel.read(buffer) < 0) {
                    break;
                }
            }
            if (buffer.position() > maxBytes) {
                throw new Refused("it holds more than " + maxBytes + " bytes; at most " + maxBytes + " are read");
            }
            return Arrays.copyOf(buffer.array(), buffer.position());
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already failing: the time bound is the error reported
            }
        }
    }
}
