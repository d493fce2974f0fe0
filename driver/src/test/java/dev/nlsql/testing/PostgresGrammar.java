package dev.nlsql.testing;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.PGStream;
import org.postgresql.core.QueryExecutorBase;

/**
 * PostgreSQL as the oracle of what its grammar accepts: each text goes out byte for byte in a protocol Parse message
 * (pgjdbc would rewrite {@code ?} and escapes), which parses and analyses without running anything. A syntax error
 * (42601) means the grammar refused the text; any other answer, an error of analysis included ({@code select the
 * unselectable}: 42703), means it read the text as SQL.
 */
public final class PostgresGrammar implements AutoCloseable {

    private final Connection connection;
    private final PGStream stream;

    public PostgresGrammar() throws SQLException {
        connection = TestPostgres.connect();
        try {
            Field f = QueryExecutorBase.class.getDeclaredField("pgStream");
            f.setAccessible(true);
            stream = (PGStream) f.get(connection.unwrap(BaseConnection.class).getQueryExecutor());
        } catch (ReflectiveOperationException e) {
            connection.close();
            throw new IllegalStateException("pgjdbc's stream is out of reach", e);
        }
    }

    /** True when PostgreSQL's grammar accepts the text as SQL (one statement or several). */
    public boolean accepts(String text) throws IOException {
        if (text.indexOf('\0') >= 0) {
            return false; // no protocol message can carry it
        }
        byte[] query = text.getBytes(StandardCharsets.UTF_8);
        stream.sendChar('P');
        stream.sendInteger4(4 + 1 + query.length + 1 + 2);
        stream.sendChar(0);
        stream.send(query);
        stream.sendChar(0);
        stream.sendInteger2(0);
        stream.sendChar('S');
        stream.sendInteger4(4);
        stream.flush();
        String code = null;
        String message = "";
        while (true) {
            int type = stream.receiveChar();
            int length = stream.receiveInteger4() - 4;
            byte[] body = stream.receive(length);
            if (type == 'E') {
                for (int i = 0; i < body.length && body[i] != 0; ) {
                    int end = i + 1;
                    while (body[end] != 0) {
                        end++;
                    }
                    String value = new String(body, i + 1, end - i - 1, StandardCharsets.UTF_8);
                    if (body[i] == 'C') {
                        code = value;
                    } else if (body[i] == 'M') {
                        message = value;
                    }
                    i = end + 1;
                }
            } else if (type == 'Z') {
                break;
            }
        }
        // several statements parse, but a prepared statement takes one: PostgreSQL says so with 42601 too
        return !"42601".equals(code) || message.startsWith("cannot insert multiple commands");
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
