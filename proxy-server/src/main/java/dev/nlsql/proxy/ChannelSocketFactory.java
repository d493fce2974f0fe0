package dev.nlsql.proxy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory} for the proxy's backend connections: sockets backed by a {@link SocketChannel}, which
 * pgjdbc uses as any socket and {@link RelayLoop} can also poll without a thread. Public because pgjdbc instantiates it
 * by name; not an API.
 */
public final class ChannelSocketFactory extends SocketFactory {

    public ChannelSocketFactory() {
        // pgjdbc calls createSocket() and connects the socket itself, with its connectTimeout
    }

    @Override
    public Socket createSocket() throws IOException {
        return SocketChannel.open().socket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    private Socket connected(InetSocketAddress address, InetSocketAddress local) throws IOException {
        Socket s = createSocket();
        if (local != null) {
            s.bind(local);
        }
        s.connect(address);
        return s;
    }
}
