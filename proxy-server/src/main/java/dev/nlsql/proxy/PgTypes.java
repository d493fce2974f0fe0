package dev.nlsql.proxy;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.postgresql.util.PGInterval;

/**
 * PostgreSQL types as the proxy speaks them: OIDs (taken from the backend's pg_type when it is
 * PostgreSQL), and the text and binary encodings of column values and parameters.
 */
final class PgTypes {

    static final int BOOL = 16;
    static final int BYTEA = 17;
    static final int NAME = 19;
    static final int INT8 = 20;
    static final int INT2 = 21;
    static final int INT4 = 23;
    static final int TEXT = 25;
    static final int OID = 26;
    static final int JSON = 114;
    static final int FLOAT4 = 700;
    static final int FLOAT8 = 701;
    static final int UNKNOWN = 705;
    static final int BPCHAR = 1042;
    static final int VARCHAR = 1043;
    static final int DATE = 1082;
    static final int TIME = 1083;
    static final int TIMESTAMP = 1114;
    static final int TIMESTAMPTZ = 1184;
    static final int TIMETZ = 1266;
    static final int INTERVAL = 1186;
    static final int NUMERIC = 1700;
    static final int UUID_OID = 2950;
    static final int JSONB = 3802;

    private static final Map<String, Integer> BUILT_IN = new HashMap<>();
    private static final Map<Integer, Integer> ARRAY_ELEMENT = new HashMap<>();
    private static final LocalDate EPOCH = LocalDate.of(2000, 1, 1);
    private static final LocalDateTime EPOCH_TIME = EPOCH.atStartOfDay();

    static {
        Object[][] types = {{"bool", BOOL, 1000}, {"bytea", BYTEA, 1001}, {"name", NAME, 1003}, {"int8", INT8, 1016},
            {"int2", INT2, 1005}, {"int4", INT4, 1007}, {"text", TEXT, 1009}, {"oid", OID, 1028}, {"json", JSON, 199},
            {"float4", FLOAT4, 1021}, {"float8", FLOAT8, 1022}, {"bpchar", BPCHAR, 1014}, {"varchar", VARCHAR, 1015},
            {"date", DATE, 1182}, {"time", TIME, 1183}, {"timestamp", TIMESTAMP, 1115}, {"timestamptz", TIMESTAMPTZ, 1185},
            {"interval", INTERVAL, 1187}, {"numeric", NUMERIC, 1231}, {"uuid", UUID_OID, 2951}, {"jsonb", JSONB, 3807}};
        for (Object[] t : types) {
            BUILT_IN.put((String) t[0], (Integer) t[1]);
            BUILT_IN.put("_" + t[0], (Integer) t[2]);
            ARRAY_ELEMENT.put((Integer) t[2], (Integer) t[1]);
        }
        BUILT_IN.put("serial", INT4);
        BUILT_IN.put("bigserial", INT8);
        BUILT_IN.put("smallserial", INT2);
    }

    private final Map<String, Integer> byName = new HashMap<>(BUILT_IN);
    private final Map<Integer, Integer> arrayElement = new HashMap<>(ARRAY_ELEMENT);
    private final boolean postgres;

    private PgTypes(boolean postgres) {
        this.postgres = postgres;
    }

    /** The types of a backend: its whole pg_type when it is PostgreSQL, else the built-in OIDs. */
    static PgTypes of(Connection backend, boolean postgres) {
        PgTypes types = new PgTypes(postgres);
        if (postgres) {
            try (Statement s = OwnQueries.on(backend).createStatement(); ResultSet rs = s.executeQuery("SELECT oid, typname, typelem FROM pg_type")) {
                while (rs.next()) {
                    types.byName.putIfAbsent(rs.getString(2), rs.getInt(1));
                    if (rs.getInt(3) != 0 && rs.getString(2).startsWith("_")) {
                        types.arrayElement.putIfAbsent(rs.getInt(1), rs.getInt(3));
                    }
                }
            } catch (SQLException e) {
                // the built-in OIDs cover the common types
            }
        }
        return types;
    }

    /** The OID of a result column, by the backend's type name, else by its JDBC type. */
    int oid(String typeName, int jdbcType) {
        if (typeName != null) {
            Integer oid = byName.get(typeName.toLowerCase(Locale.ROOT));
            if (oid != null) {
                return oid;
            }
        }
        return switch (jdbcType) {
            case Types.BOOLEAN, Types.BIT -> BOOL;
            case Types.SMALLINT, Types.TINYINT -> INT2;
            case Types.INTEGER -> INT4;
            case Types.BIGINT -> INT8;
            case Types.REAL -> FLOAT4;
            case Types.FLOAT, Types.DOUBLE -> FLOAT8;
            case Types.NUMERIC, Types.DECIMAL -> NUMERIC;
            case Types.DATE -> DATE;
            case Types.TIME -> TIME;
            case Types.TIMESTAMP -> TIMESTAMP;
            case Types.TIMESTAMP_WITH_TIMEZONE -> TIMESTAMPTZ;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> BYTEA;
            case Types.CHAR -> BPCHAR;
            default -> TEXT;
        };
    }

    static short size(int oid) {
        return switch (oid) {
            case BOOL -> 1;
            case INT2 -> 2;
            case INT4, FLOAT4, DATE, OID -> 4;
            case INT8, FLOAT8, TIME, TIMESTAMP, TIMESTAMPTZ -> 8;
            case TIMETZ -> 12;
            case UUID_OID -> 16;
            case INTERVAL -> 16;
            default -> -1;
        };
    }

    /** A column value in text format. PostgreSQL's own text comes through pgjdbc untouched. */
    byte[] text(ResultSet rs, int column, int oid) throws SQLException {
        if (!postgres && oid == BOOL) {
            Object v = rs.getObject(column);
            return v == null ? null : (Boolean.TRUE.equals(v) ? "t" : "f").getBytes(StandardCharsets.US_ASCII);
        }
        if (oid == BYTEA) {
            byte[] b = rs.getBytes(column);
            return b == null ? null : ("\\x" + java.util.HexFormat.of().formatHex(b)).getBytes(StandardCharsets.US_ASCII);
        }
        String s = rs.getString(column);
        if (oid == NUMERIC && s != null && s.indexOf('E') >= 0) {
            // PostgreSQL never writes a numeric with an exponent; rows from the local engine (H2's DECFLOAT) would: 3E+2
            s = new BigDecimal(s).toPlainString();
        }
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    /** A column value in binary format; 0A000 for a type the proxy cannot send in binary. */
    byte[] binary(ResultSet rs, int column, int oid) throws SQLException {
        Object value = switch (oid) {
            case DATE -> rs.getObject(column, LocalDate.class);
            case TIME -> rs.getObject(column, LocalTime.class);
            case TIMESTAMP -> rs.getObject(column, LocalDateTime.class);
            case TIMESTAMPTZ -> rs.getObject(column, OffsetDateTime.class);
            case TIMETZ -> rs.getObject(column, java.time.OffsetTime.class);
            default -> rs.getObject(column);
        };
        return value == null ? null : binary(value, oid);
    }

    byte[] binary(Object v, int oid) throws SQLException {
        ByteBuffer b;
        switch (oid) {
            case BOOL:
                return new byte[] {(byte) (Boolean.TRUE.equals(v) || "t".equals(v) ? 1 : 0)};
            case INT2:
                return ByteBuffer.allocate(2).putShort(((Number) v).shortValue()).array();
            case INT4:
            case OID:
                return ByteBuffer.allocate(4).putInt(((Number) v).intValue()).array();
            case INT8:
                return ByteBuffer.allocate(8).putLong(((Number) v).longValue()).array();
            case FLOAT4:
                return ByteBuffer.allocate(4).putFloat(((Number) v).floatValue()).array();
            case FLOAT8:
                return ByteBuffer.allocate(8).putDouble(((Number) v).doubleValue()).array();
            case NUMERIC:
                if (v instanceof Double x && (x.isNaN() || x.isInfinite())) { // pgjdbc reads NaN and ±Infinity so
                    short sign = (short) (x.isNaN() ? 0xC000 : x > 0 ? 0xD000 : 0xF000);
                    return ByteBuffer.allocate(8).putShort((short) 0).putShort((short) 0).putShort(sign).putShort((short) 0).array();
                }
                return numeric(v instanceof BigDecimal d ? d : new BigDecimal(v.toString()));
            case TEXT:
            case VARCHAR:
            case BPCHAR:
            case NAME:
            case JSON:
            case UNKNOWN:
                return v.toString().getBytes(StandardCharsets.UTF_8);
            case JSONB:
                byte[] json = v.toString().getBytes(StandardCharsets.UTF_8);
                return ByteBuffer.allocate(json.length + 1).put((byte) 1).put(json).array();
            case BYTEA:
                return (byte[]) v;
            case UUID_OID:
                UUID u = v instanceof UUID id ? id : UUID.fromString(v.toString());
                return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
            case DATE:
                LocalDate d = v instanceof java.sql.Date sd ? sd.toLocalDate() : (LocalDate) v;
                if (d.equals(LocalDate.MAX) || d.equals(LocalDate.MIN)) { // pgjdbc's ±infinity
                    return ByteBuffer.allocate(4).putInt(d.equals(LocalDate.MAX) ? Integer.MAX_VALUE : Integer.MIN_VALUE).array();
                }
                return ByteBuffer.allocate(4).putInt((int) ChronoUnit.DAYS.between(EPOCH, d)).array();
            case TIME:
                LocalTime t = v instanceof java.sql.Time st ? st.toLocalTime() : (LocalTime) v;
                return ByteBuffer.allocate(8).putLong(t.toNanoOfDay() / 1_000).array();
            case TIMESTAMP:
                LocalDateTime ldt = v instanceof Timestamp ts ? ts.toLocalDateTime() : (LocalDateTime) v;
                if (ldt.equals(LocalDateTime.MAX) || ldt.equals(LocalDateTime.MIN)) {
                    return ByteBuffer.allocate(8).putLong(ldt.equals(LocalDateTime.MAX) ? Long.MAX_VALUE : Long.MIN_VALUE).array();
                }
                return ByteBuffer.allocate(8).putLong(ChronoUnit.MICROS.between(EPOCH_TIME, ldt)).array();
            case TIMESTAMPTZ:
                if (v.equals(OffsetDateTime.MAX) || v.equals(OffsetDateTime.MIN)) {
                    return ByteBuffer.allocate(8).putLong(v.equals(OffsetDateTime.MAX) ? Long.MAX_VALUE : Long.MIN_VALUE).array();
                }
                java.time.Instant instant = v instanceof Timestamp ts ? ts.toInstant() : ((OffsetDateTime) v).toInstant();
                return ByteBuffer.allocate(8).putLong(ChronoUnit.MICROS.between(EPOCH_TIME.toInstant(ZoneOffset.UTC), instant)).array();
            case TIMETZ:
                java.time.OffsetTime tz = (java.time.OffsetTime) v; // the zone in seconds west of UTC, as PostgreSQL keeps it
                return ByteBuffer.allocate(12).putLong(tz.toLocalTime().toNanoOfDay() / 1_000).putInt(-tz.getOffset().getTotalSeconds()).array();
            case INTERVAL:
                PGInterval i = (PGInterval) v;
                long micros = Math.round(((i.getHours() * 60L + i.getMinutes()) * 60 + i.getSeconds()) * 1_000_000);
                b = ByteBuffer.allocate(16).putLong(micros).putInt(i.getDays()).putInt(i.getYears() * 12 + i.getMonths());
                return b.array();
            default:
                Integer element = arrayElement.get(oid);
                if (element != null && v instanceof Array array) {
                    return array((Object[]) array.getArray(), element);
                }
                throw new SQLException("binary format is not supported for type " + oid + "; ask for text", PgState.FEATURE_NOT_SUPPORTED.code());
        }
    }

    /** A one-dimensional array: ndim, has-null, element OID, size, lower bound 1, then each element. */
    private byte[] array(Object[] values, int elementOid) throws SQLException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean nulls = false;
        for (Object o : values) {
            nulls |= o == null;
        }
        writeInt(out, values.length == 0 ? 0 : 1);
        writeInt(out, nulls ? 1 : 0);
        writeInt(out, elementOid);
        if (values.length > 0) {
            writeInt(out, values.length);
            writeInt(out, 1);
        }
        for (Object o : values) {
            if (o == null) {
                writeInt(out, -1);
            } else {
                byte[] e = binary(o, elementOid);
                writeInt(out, e.length);
                out.write(e, 0, e.length);
            }
        }
        return out.toByteArray();
    }

    /** PostgreSQL's binary numeric: base-10000 digits with weight, sign and display scale. */
    static byte[] numeric(BigDecimal value) {
        BigDecimal abs = value.abs();
        int scale = Math.max(0, abs.scale());
        String digits = abs.setScale(scale).unscaledValue().toString();
        int intLength = digits.length() - scale;
        String intPart = intLength > 0 ? digits.substring(0, intLength) : "0";
        String fracPart = intLength > 0 ? digits.substring(intLength) : "0".repeat(-intLength) + digits;
        while (intPart.length() % 4 != 0) {
            intPart = "0" + intPart;
        }
        while (fracPart.length() % 4 != 0) {
            fracPart = fracPart + "0";
        }
        java.util.List<Short> groups = new java.util.ArrayList<>();
        for (int i = 0; i < intPart.length(); i += 4) {
            groups.add(Short.parseShort(intPart.substring(i, i + 4)));
        }
        int weight = groups.size() - 1;
        for (int i = 0; i < fracPart.length(); i += 4) {
            groups.add(Short.parseShort(fracPart.substring(i, i + 4)));
        }
        while (!groups.isEmpty() && groups.get(0) == 0) {
            groups.remove(0);
            weight--;
        }
        while (!groups.isEmpty() && groups.get(groups.size() - 1) == 0) {
            groups.remove(groups.size() - 1);
        }
        if (groups.isEmpty()) {
            weight = 0;
        }
        ByteBuffer b = ByteBuffer.allocate(8 + 2 * groups.size());
        b.putShort((short) groups.size()).putShort((short) weight).putShort((short) (value.signum() < 0 ? 0x4000 : 0))
                .putShort((short) scale);
        groups.forEach(b::putShort);
        return b.array();
    }

    /** A parameter sent in binary, turned into the text PostgreSQL would parse, by its declared type. */
    static String parameterText(byte[] value, int oid) throws SQLException {
        ByteBuffer b = ByteBuffer.wrap(value);
        try {
            return switch (oid) {
                case BOOL -> value[0] != 0 ? "t" : "f";
                case INT2 -> Short.toString(b.getShort());
                case INT4, OID -> Integer.toString(b.getInt());
                case INT8 -> Long.toString(b.getLong());
                case FLOAT4 -> Float.toString(b.getFloat());
                case FLOAT8 -> Double.toString(b.getDouble());
                case UUID_OID -> new UUID(b.getLong(), b.getLong()).toString();
                case DATE -> EPOCH.plusDays(b.getInt()).toString();
                case TIMESTAMP -> EPOCH_TIME.plus(b.getLong(), ChronoUnit.MICROS).toString().replace('T', ' ');
                case TIMESTAMPTZ -> EPOCH_TIME.plus(b.getLong(), ChronoUnit.MICROS).toString().replace('T', ' ') + "+00";
                case NUMERIC -> numericText(b);
                default -> new String(value, StandardCharsets.UTF_8);
            };
        } catch (RuntimeException e) {
            throw new SQLException("malformed binary value for parameter of type " + oid, PgState.INVALID_BINARY_REPRESENTATION.code());
        }
    }

    private static String numericText(ByteBuffer b) {
        int n = b.getShort();
        int weight = b.getShort();
        int sign = b.getShort() & 0xFFFF;
        int scale = b.getShort();
        if (sign == 0xC000) {
            return "NaN";
        }
        BigInteger unscaled = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            unscaled = unscaled.multiply(BigInteger.valueOf(10_000)).add(BigInteger.valueOf(b.getShort()));
        }
        BigDecimal v = new BigDecimal(unscaled).scaleByPowerOfTen(4 * (weight - n + 1)).setScale(scale, java.math.RoundingMode.UNNECESSARY);
        return (sign == 0x4000 ? v.negate() : v).toPlainString();
    }

    private static void writeInt(ByteArrayOutputStream out, int v) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }
}
