package dev.nlsql.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one rendering of database values that the command line uses everywhere ({@code ask},
 * {@code ask --json}, the shell, the demo, and for the eval report): values come out as the
 * database means them, not as {@code Object.toString()} of a Java class prints them.
 * <ul>
 *   <li>timestamptz: ISO 8601 with the session's offset, {@code 2018-01-01T00:00:00+02:00};
 *       timestamp, date, time: ISO 8601 ({@code 2018-01-01T00:00:00}, {@code 2018-01-01}, {@code 02:03:04});</li>
 *   <li>interval: as PostgreSQL prints it ({@code 1 day 02:03:04});</li>
 *   <li>numeric: exact, scale kept ({@code 12345678901234567890.123}), never through a double;</li>
 *   <li>bytea and other binary: hex as PostgreSQL prints it ({@code \x0102ff});</li>
 *   <li>integers, exact numerics and booleans stay numbers and booleans (JSON numbers), NULL stays null;
 *       everything else is the driver's text for it.</li>
 * </ul>
 * {@link #read} gives the value for a row (a {@link Number}, {@link Boolean}, {@link String} or null);
 * {@link #text} renders one for a table.
 */
public final class Values {

    private static final Pattern PG_TIMESTAMP = Pattern.compile(
            "(-?\\d{4,}-\\d\\d-\\d\\d)[ T](\\d\\d:\\d\\d(?::\\d\\d(?:\\.\\d+)?)?)(?:([+-]\\d\\d)(?::?(\\d\\d))?(?::?(\\d\\d))?|(Z))?");
    private static final Pattern PG_TIME = Pattern.compile(
            "(\\d\\d:\\d\\d(?::\\d\\d(?:\\.\\d+)?)?)(?:([+-]\\d\\d)(?::?(\\d\\d))?(?::?(\\d\\d))?)?");
    private static final DateTimeFormatter ISO_OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss[.SSSSSS]xxxxx", Locale.ROOT);

    private Values() {
    }

    /** Reads column {@code i} of the current row faithfully. */
    public static Object read(ResultSet rs, int i) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        return read(rs, i, md.getColumnType(i), md.getColumnTypeName(i));
    }

    /** Reads column {@code i} of the current row faithfully, its JDBC type and type name already known. */
    public static Object read(ResultSet rs, int i, int type, String columnTypeName) throws SQLException {
        String typeName = String.valueOf(columnTypeName).toLowerCase(Locale.ROOT);
        switch (type) {
            case Types.BOOLEAN, Types.BIT -> {
                if (typeName.startsWith("bool")) {
                    boolean b = rs.getBoolean(i);
                    return rs.wasNull() ? null : b;
                }
                return rs.getString(i); // PostgreSQL's bit(n) is a bit string, not a boolean
            }
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> {
                Object o = rs.getObject(i);
                if (o == null) {
                    return null;
                }
                return o instanceof BigInteger || o instanceof Long || o instanceof Integer ? o : rs.getLong(i);
            }
            case Types.NUMERIC, Types.DECIMAL -> {
                String s = rs.getString(i);
                if (s == null) {
                    return null;
                }
                try {
                    return rs.getBigDecimal(i);
                } catch (SQLException | NumberFormatException e) {
                    return s; // NaN, Infinity
                }
            }
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> {
                Object o = rs.getObject(i);
                return o instanceof Float || o instanceof Double ? o : o == null ? null : rs.getDouble(i);
            }
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> {
                byte[] b = rs.getBytes(i);
                return b == null ? null : "\\x" + HexFormat.of().formatHex(b);
            }
            case Types.TIMESTAMP_WITH_TIMEZONE, Types.TIMESTAMP, Types.DATE, Types.TIME, Types.TIME_WITH_TIMEZONE -> {
                return dateTime(rs, i);
            }
            default -> {
                if (typeName.equals("timestamptz") || typeName.equals("timetz")) {
                    return dateTime(rs, i);
                }
                Object o = rs.getObject(i);
                if (o == null) {
                    return null;
                }
                if (o instanceof byte[] b) {
                    return "\\x" + HexFormat.of().formatHex(b);
                }
                if (o instanceof OffsetDateTime odt) {
                    return ISO_OFFSET.format(odt);
                }
                if (o instanceof org.h2.api.Interval h2) {
                    return interval(h2);
                }
                String s = rs.getString(i);
                return s == null ? o.toString() : s;
            }
        }
    }

    /** Dates and times from the driver's text (the server's own, with its session offset), made ISO 8601. */
    private static Object dateTime(ResultSet rs, int i) throws SQLException {
        String s = rs.getString(i);
        if (s == null) {
            return null;
        }
        return isoDateTime(s);
    }

    /** {@code 2018-01-01 00:00:00+02} becomes {@code 2018-01-01T00:00:00+02:00}; dates, infinity and BC stay as they are. */
    static String isoDateTime(String s) {
        String t = s.strip();
        Matcher m = PG_TIMESTAMP.matcher(t);
        if (m.matches()) {
            String time = m.group(2).length() == 5 ? m.group(2) + ":00" : m.group(2);
            return m.group(1) + "T" + time + offset(m.group(3), m.group(4), m.group(5), m.group(6) != null);
        }
        m = PG_TIME.matcher(t);
        if (m.matches() && m.group(2) != null) {
            return m.group(1) + offset(m.group(2), m.group(3), m.group(4), false);
        }
        return t;
    }

    /** An H2 interval as PostgreSQL prints an interval: {@code 1 year 2 mons 3 days 04:05:06}. */
    static String interval(org.h2.api.Interval v) {
        String sign = v.isNegative() ? "-" : "";
        StringBuilder b = new StringBuilder();
        unit(b, sign, Math.abs(v.getYears()), "year", "years");
        unit(b, sign, Math.abs(v.getMonths()), "mon", "mons");
        unit(b, sign, Math.abs(v.getDays()), "day", "days");
        long h = Math.abs(v.getHours()), m = Math.abs(v.getMinutes()), s = Math.abs(v.getSeconds()), nanos = Math.abs(v.getNanosOfSecond());
        if (h != 0 || m != 0 || s != 0 || nanos != 0 || b.length() == 0) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(sign).append(String.format(Locale.ROOT, "%02d:%02d:%02d", h, m, s));
            if (nanos != 0) {
                b.append('.').append(String.format(Locale.ROOT, "%09d", nanos).replaceAll("0+$", ""));
            }
        }
        return b.toString();
    }

    private static void unit(StringBuilder b, String sign, long n, String one, String many) {
        if (n != 0) {
            b.append(b.length() == 0 ? "" : " ").append(sign).append(n).append(' ').append(n == 1 && sign.isEmpty() ? one : many);
        }
    }

    private static String offset(String hours, String minutes, String seconds, boolean zulu) {
        if (zulu) {
            return "+00:00";
        }
        if (hours == null) {
            return "";
        }
        return hours + ":" + (minutes == null ? "00" : minutes) + (seconds == null ? "" : ":" + seconds);
    }

    /**
     * Text for a terminal: control characters (C0 but the line break, DEL, C1, and the Unicode line
     * separators) written as escapes ({@code \x1b}, {@code \r}), so a value, a narration or an error
     * cannot send the terminal a control sequence (a clipboard write, a screen clear, a moved cursor).
     * With {@code keepLineBreaks} false a line break is escaped too ({@code \n}), for one-line places.
     */
    public static String printable(String text, boolean keepLineBreaks) {
        if (text == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escape = c == '\n' && keepLineBreaks ? null : controlEscape(c);
            if (escape != null && b == null) {
                b = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (b != null) {
                b.append(escape != null ? escape : String.valueOf(c));
            }
        }
        return b == null ? text : b.toString();
    }

    /** Multi-line text for a terminal: {@link #printable(String, boolean)} keeping line breaks. */
    public static String printable(String text) {
        return printable(text, true);
    }

    private static String controlEscape(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> c < 0x20 || (c >= 0x7f && c <= 0x9f) ? String.format(Locale.ROOT, "\\x%02x", (int) c)
                    : c == '\u2028' || c == '\u2029' ? String.format(Locale.ROOT, "\\u%04x", (int) c) : null;
        };
    }

    /** A value for a terminal's table cell: {@link #text}, its control characters and line breaks escaped. */
    public static String cell(Object v) {
        return printable(text(v), false);
    }

    /** A value for a table cell: as {@link #read} gave it, numbers written out in full. */
    public static String text(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof BigDecimal bd) {
            return bd.toPlainString();
        }
        if (v instanceof Double d) {
            return floatText(d, 15);
        }
        if (v instanceof Float f) {
            return floatText(Double.parseDouble(Float.toString(f)), 6);
        }
        return v.toString();
    }

    /** Floats as PostgreSQL prints them: shortest digits, exponent form only for very large or small values. */
    static String floatText(double d, int digits) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0" : "0";
        }
        BigDecimal bd = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        int exponent = bd.precision() - bd.scale() - 1;
        if (exponent < -4 || exponent >= digits) {
            String mantissa = bd.movePointLeft(exponent).toPlainString();
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        }
        return bd.toPlainString();
    }

    /**
     * The column titles: the labels the database gave, except that a computed column left
     * unnamed ({@code ?column?} in PostgreSQL, or empty) takes a name from its expression in
     * the SQL's select list: the aggregate or function it computes ({@code count}, {@code sum},
     * {@code avg}…), else the first column it uses, else {@code columnN}.
     */
    public static List<String> columnNames(ResultSetMetaData md, String sql) throws SQLException {
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            labels.add(md.getColumnLabel(i));
        }
        return columnNames(labels, sql);
    }

    static List<String> columnNames(List<String> labels, String sql) {
        List<String> items = null;
        Set<String> used = new HashSet<>();
        for (String l : labels) {
            if (!unnamed(l)) {
                used.add(l);
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            String l = labels.get(i);
            if (!unnamed(l)) {
                out.add(l);
                continue;
            }
            if (items == null) {
                items = SelectList.items(sql);
            }
            String name = i < items.size() ? SelectList.nameOf(items.get(i)) : null;
            if (name == null) {
                name = "column" + (i + 1);
            }
            String unique = name;
            for (int n = 2; used.contains(unique); n++) {
                unique = name + "_" + n;
            }
            used.add(unique);
            out.add(unique);
        }
        return out;
    }

    private static boolean unnamed(String label) {
        return label == null || label.isBlank() || label.equals("?column?");
    }
}
