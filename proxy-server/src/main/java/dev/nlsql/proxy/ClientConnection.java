package dev.nlsql.proxy;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * The client's end of a session: its streams and what the session asks of the connection under them. A socket in
 * the server; in-memory streams in protocol tests, which then need no network.
 */
interface ClientConnection extends Closeable {

    InputStream input() throws IOException;

    OutputStream output() throws IOException;

    /** The client's address (pg_hba-like rules, the shared account's checks). */
    InetAddress address();

    boolean encrypted();

    /** This connection over TLS, after the server side of the handshake. */
    ClientConnection startTls(SSLContext tls) throws IOException;

    /** A channel {@link RelayLoop} can poll; null where there is none (TLS, in memory). */
    SocketChannel channel();

    /** Says the proxy sends no more, and bounds each further read, for reading away what the client still sends. */
    void endOutput(int readTimeoutMillis) throws IOException;

    static ClientConnection of(Socket socket) {
        return new OverSocket(socket);
    }

    /** Streams in memory from a client at {@code address}; closing closes both. */
    static ClientConnection of(InputStream in, OutputStream out, InetAddress address) {
        return new InMemory(in, out, address);
    }

    /** A client socket, plain or TLS. */
    record OverSocket(Socket socket) implements ClientConnection {
        @Override
        public InputStream input() throws IOException {
            return socket.getInputStream();
        }

        @Override
        public OutputStream output() throws IOException {
            return socket.getOutputStream();
        }

        @Override
        public InetAddress address() {
            return socket.getInetAddress();
        }

        @Override
        public boolean encrypted() {
            return socket instanceof SSLSocket;
        }

        @Override
        public ClientConnection startTls(SSLContext tls) throws IOException {
            SSLSocket ssl = (SSLSocket) tls.getSocketFactory().createSocket(socket, null, socket.getPort(), true);
            ssl.setUseClientMode(false);
            ssl.startHandshake();
            return new OverSocket(ssl);
        }

        @Override
        public SocketChannel channel() {
            return socket.getChannel(); // null over TLS
        }

        @Override
        public void endOutput(int readTimeoutMillis) throws IOException {
            if (!encrypted()) {
                socket.shutdownOutput();
            }
            socket.setSoTimeout(readTimeoutMillis);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** A client in memory: no TLS, no relay loop. */
    record InMemory(InputStream in, OutputStream out, InetAddress address) implements ClientConnection {
        @Override
        public InputStream input() {
            return in;
        }

        @Override
        public OutputStream output() {
            return out;
        }

        @Override
        public boolean encrypted() {
            return false;
        }

        @Override
        public ClientConnection startTls(SSLContext tls) throws IOException {
            throw new IOException("TLS needs a socket");
        }

        @Override
        public SocketChannel channel() {
            return null;
        }

        @Override
        public void endOutput(int readTimeoutMillis) throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            try (in; out) {
                // both closed
            }
        }
    }
}
