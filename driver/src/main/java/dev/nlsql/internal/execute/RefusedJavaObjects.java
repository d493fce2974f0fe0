package dev.nlsql.internal.execute;

import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import org.h2.api.JavaObjectSerializer;

/**
 * The local engine's Java object serializer (H2's {@code JAVA_OBJECT_SERIALIZER}): it refuses both
 * ways, so no value of the local copy is ever deserialized into a Java object, whoever reads it.
 * Public with a public constructor because H2 creates it by name.
 */
public final class RefusedJavaObjects implements JavaObjectSerializer {

    @Override
    public byte[] serialize(Object object) throws Exception {
        throw new NotSerializableException("the local engine holds no Java objects");
    }

    @Override
    public Object deserialize(byte[] bytes) throws Exception {
        throw new InvalidObjectException("the local engine holds no Java objects");
    }
}
