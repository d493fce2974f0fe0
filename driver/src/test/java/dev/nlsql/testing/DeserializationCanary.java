package dev.nlsql.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.HexFormat;

/** A serializable class whose deserialization sets a flag: the JVM's oracle for "nothing was deserialized". */
public final class DeserializationCanary implements Serializable {

    private static final long serialVersionUID = 1L;
    private static volatile boolean deserialized;

    /** Whether any instance was deserialized since the last {@link #reset}. */
    public static boolean deserialized() {
        return deserialized;
    }

    public static void reset() {
        deserialized = false;
    }

    /** This class's serialized bytes, as the hex digits of an SQL binary literal. */
    public static String hex() {
        try (ByteArrayOutputStream bytes = new ByteArrayOutputStream(); ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new DeserializationCanary());
            out.flush();
            return HexFormat.of().formatHex(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        deserialized = true;
    }
}
