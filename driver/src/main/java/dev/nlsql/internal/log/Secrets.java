package dev.nlsql.internal.log;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets kept out of text that leaves the driver (messages, logs, traces, reports): the password of
 * a URL's authority and the values of secret-looking parameters, in a {@code ?a=b&c=d} query or a
 * {@code ;a=b} JDBC list, become {@code ****}. {@link dev.nlsql.jdbc.NlUrl#masked} is this, for callers
 * outside the driver.
 */
public final class Secrets {

    private static final String MASK = "****";
    /** Parameter names whose values are secrets, in a query string or a ;key=value list. */
    private static final Pattern SECRET_PARAM = Pattern.compile(
            "(?i)([?&;](?:[a-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[-_]?key|apikey|key|sig|signature|credential)[a-z0-9_.-]*)=)"
                    + "[^&;#]*");
    /** user:password@ in a URL's authority. */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#;\\s]*):[^/@?#\\s]*@");
    /** A URL inside free text: a JDBC URL, or any scheme://...; it ends at white space or a quote. */
    private static final Pattern URL_IN_TEXT = Pattern.compile("(?i)(?:\\bjdbc:|\\b[a-z][a-z0-9+.-]*://)[^\\s\"'<>`]+");

    private Secrets() {
    }

    /** One URL (JDBC or HTTP) with its secrets masked. */
    public static String maskUrl(String url) {
        if (url == null) {
            return null;
        }
        String masked = USER_INFO.matcher(url).replaceAll("$1:" + MASK + "@");
        return SECRET_PARAM.matcher(masked).replaceAll("$1" + MASK);
    }

    /** Free text (an error message, a log line) with the secrets of every URL in it masked. */
    public static String maskUrlsIn(String text) {
        if (text == null || text.indexOf(':') < 0) {
            return text;
        }
        Matcher m = URL_IN_TEXT.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(maskUrl(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The secret values {@link #maskUrl} hides, so that callers can also keep them out of other text. */
    public static List<String> secretsIn(String url) {
        List<String> out = new ArrayList<>();
        if (url == null) {
            return out;
        }
        Matcher m = USER_INFO.matcher(url);
        while (m.find()) {
            String whole = m.group();
            out.add(whole.substring(m.group(1).length() + 1, whole.length() - 1));
        }
        m = SECRET_PARAM.matcher(url);
        while (m.find()) {
            out.add(m.group().substring(m.group(1).length()));
        }
        return out;
    }

    /**
     * Text for one log record: URL secrets masked, and line breaks and other control characters
     * escaped ({@code \n}, {@code \x1b}), so that text from a model or a database cannot forge
     * log lines or reach a terminal's control sequences.
     */
    public static String forLog(Object value) {
        return escapeControls(maskUrlsIn(String.valueOf(value)));
    }

    /** Control characters as printable escapes: C0 (tab, CR and LF too), DEL, C1, and the Unicode line and paragraph separators. */
    public static String escapeControls(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escape = escape(c);
            if (escape != null && b == null) {
                b = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (b != null) {
                b.append(escape != null ? escape : String.valueOf(c));
            }
        }
        return b == null ? text : b.toString();
    }

    private static String escape(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> c < 0x20 || (c >= 0x7f && c <= 0x9f) ? String.format("\\x%02x", (int) c)
                    : c == '\u2028' || c == '\u2029' ? String.format("\\u%04x", (int) c) : null;
        };
    }
}
