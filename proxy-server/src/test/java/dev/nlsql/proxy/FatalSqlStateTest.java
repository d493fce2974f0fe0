package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nlsql.proxy.wire.BackendType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every ErrorResponse the proxy writes carries a SQLSTATE (field C), as PostgreSQL's always do: psql and psycopg show it. */
class FatalSqlStateTest {

    private static String written(java.util.function.Consumer<Messages> write) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Messages m = new Messages(bytes);
        write.accept(m);
        m.flush();
        byte[] b = bytes.toByteArray();
        return new String(b, 5, b.length - 5, StandardCharsets.UTF_8).replace('\0', '|');
    }

    @Test
    void anErrorWithoutASqlStateGetsXx000AfterItsSeverity() throws Exception {
        Map<Character, String> fields = new LinkedHashMap<>();
        fields.put('S', "FATAL");
        fields.put('V', "FATAL");
        fields.put('M', "gone");
        assertEquals("SFATAL|VFATAL|CXX000|Mgone||", written(m -> m.serverMessage(BackendType.ERROR_RESPONSE, fields)));
        fields.put('C', "57P01");
        assertEquals("SFATAL|VFATAL|Mgone|C57P01||",
                written(m -> m.serverMessage(BackendType.ERROR_RESPONSE, fields)), "a SQLSTATE given is kept where it is");
        assertEquals("SFATAL|VFATAL|CXX000|Mno state||", written(m -> m.errorResponse("FATAL", null, "no state", null, null)));
        assertEquals("SFATAL|VFATAL|C22023|Mbad||", written(m -> m.errorResponse("FATAL", "22023", "bad", null, null)));
    }
}
