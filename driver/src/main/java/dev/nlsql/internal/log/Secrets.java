package dev.nlsql.internal.log;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
    /**
     * A parameter: its name after {@code ? & ; # (} or a comma or colon (MySQL's {@code (host=h,password=p)}, DB2's
     * {@code /db:password=p;}), and its value: a SQL Server {@code {braced}} value, or everything up to the next
     * separator. A name counts as secret when, percent-decoded, it holds one of {@link #SECRET_NAME}'s words.
     */
    private static final Pattern PARAM = Pattern.compile("([?&;#(,:])((?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2})+)=(\\{[^}]*}?|[^&;#)]*)");
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(?:pass(?!through)|pwd|secret|token|api[-_]?key|apikey|key|sig|signature|credential).*");
    /** user:password@ in a URL's authority (the last @ before the path ends it: a password may hold a raw @). */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#;\\s]*):[^/?#\\s]*@");
    /** Oracle's user/password@ after thin:, oci: or kprb:. */
    private static final Pattern SLASH_PASSWORD = Pattern.compile("(?i)((?:thin|oci8?|kprb):[^/@:\\s]*/)[^@\\s]*@");
    /** A bearer token or an OpenAI-style key anywhere in text (an HTTP error body may echo the request's header). */
    private static final Pattern BEARER = Pattern.compile("(?i)(\\bbearer\\s+)[^\\s\"',}]+|\\bsk-[A-Za-z0-9_-]{8,}");
    /**
     * A URL inside free text: a JDBC URL, or any scheme://...; it ends at white space or an angle bracket, not at a
     * quote, which a password may hold (a quote that closes the text around a URL is masked with a secret before it).
     */
    private static final Pattern URL_IN_TEXT = Pattern.compile("(?i)(?:\\bjdbc:|\\b[a-z][a-z0-9+.-]*://)[^\\s<>]+");
    /** Secrets this JVM was configured with (API keys), masked wherever they appear in text that leaves. */
    private static final Set<String> KNOWN = ConcurrentHashMap.newKeySet();

    private Secrets() {
    }

    /** One URL (JDBC or HTTP) with its secrets masked. */
    public static String maskUrl(String url) {
        if (url == null) {
            return null;
        }
        String masked = USER_INFO.matcher(url).replaceAll("$1:" + MASK + "@");
        masked = SLASH_PASSWORD.matcher(masked).replaceAll("$1" + MASK + "@");
        StringBuilder out = new StringBuilder(masked.length());
        int copied = 0;
        Matcher m = PARAM.matcher(masked);
        for (int from = 0; from < masked.length() && m.find(from); ) {
            if (secretName(m.group(2))) {
                out.append(masked, copied, m.start(3)).append(MASK);
                copied = m.end(3);
                from = m.end(3);
            } else {
                from = m.end(2) + 1; // a value may hold the next parameter: (host=h,password=p)
            }
        }
        return out.append(masked, copied, masked.length()).toString();
    }

    private static boolean secretName(String name) {
        String decoded = name;
        if (name.indexOf('%') >= 0) {
            try {
                decoded = URLDecoder.decode(name, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return true; // a name that does not decode is masked rather than guessed at
            }
        }
        return SECRET_NAME.matcher(decoded).matches();
    }

    /** Remembers a configured secret (an API key), so that text quoting it (an error body echoing a header) is masked. */
    public static void remember(String secret) {
        if (secret != null && secret.length() >= 8 && KNOWN.size() < 64) {
            KNOWN.add(secret);
        }
    }

    /** Free text (an error message, a log line) with the secrets of every URL in it masked. */
    public static String maskUrlsIn(String text) {
        if (text == null) {
            return null;
        }
        for (String secret : KNOWN) {
            if (text.contains(secret)) {
                text = text.replace(secret, MASK);
            }
        }
        text = BEARER.matcher(text).replaceAll(r -> r.group(1) != null ? Matcher.quoteReplacement(r.group(1)) + MASK : "sk-" + MASK);
        if (text.indexOf(':') < 0) {
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
        m = SLASH_PASSWORD.matcher(url);
        while (m.find()) {
            String whole = m.group();
            out.add(whole.substring(m.group(1).length(), whole.length() - 1));
        }
        m = PARAM.matcher(url);
        for (int from = 0; from < url.length() && m.find(from); ) {
            boolean secret = secretName(m.group(2));
            if (secret && !m.group(3).isEmpty()) {
                out.add(m.group(3));
            }
            from = secret ? m.end(3) : m.end(2) + 1;
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
