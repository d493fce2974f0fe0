package dev.nlsql.jdbc;

import dev.nlsql.config.NlProperty;
import dev.nlsql.internal.log.Secrets;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A {@code jdbc:nlsql:} URL split into the delegate's URL and the nlsql properties it carried.
 * Both {@code ?a=b&c=d} and {@code ;a=b} parameter styles are understood; only {@code nlsql.*}
 * entries are taken out, everything else reaches the delegate exactly as written.
 */
public record NlUrl(String delegateUrl, Properties nlProperties) {

    public static final String PREFIX = "jdbc:nlsql:";

    public static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Parses a URL that {@link #accepts} said yes to. */
    public static NlUrl parse(String url) {
        String rest = url.substring(PREFIX.length());
        Properties props = new Properties();
        String withoutSemicolonParams = stripSemicolonParams(rest, props);
        String delegate = stripQueryParams(withoutSemicolonParams, props);
        return new NlUrl("jdbc:" + delegate, props);
    }

    /** The URL a user would write for this delegate, without the nlsql properties. */
    public static String wrap(String delegateUrl) {
        return delegateUrl.startsWith("jdbc:") ? PREFIX + delegateUrl.substring(5) : delegateUrl;
    }

    private static String stripSemicolonParams(String url, Properties props) {
        if (url.indexOf(';') < 0) {
            return url;
        }
        String[] parts = url.split(";", -1);
        StringBuilder kept = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            // a ;nlsql.x=y segment ends where a ?query starts, if one follows it
            int q = part.indexOf('?');
            String param = q < 0 ? part : part.substring(0, q);
            if (isNlParam(param)) {
                put(props, param, false);
                if (q >= 0) {
                    kept.append(part.substring(q));
                }
            } else {
                kept.append(';').append(part);
            }
        }
        return kept.toString();
    }

    private static String stripQueryParams(String url, Properties props) {
        int q = url.indexOf('?');
        if (q < 0) {
            return url;
        }
        List<String> kept = new ArrayList<>();
        for (String param : url.substring(q + 1).split("&", -1)) {
            if (isNlParam(param)) {
                put(props, param, true);
            } else if (!param.isEmpty()) {
                kept.add(param);
            }
        }
        String base = url.substring(0, q);
        return kept.isEmpty() ? base : base + "?" + String.join("&", kept);
    }

    private static boolean isNlParam(String param) {
        return param.regionMatches(true, 0, NlProperty.PREFIX, 0, NlProperty.PREFIX.length());
    }

    private static void put(Properties props, String param, boolean urlEncoded) {
        int eq = param.indexOf('=');
        String key = eq < 0 ? param : param.substring(0, eq);
        String value = eq < 0 ? "" : param.substring(eq + 1);
        // a source's URL sits inside this one, so it is percent-encoded in either parameter style
        if (urlEncoded || key.regionMatches(true, 0, NlProperty.SOURCE_PREFIX, 0, NlProperty.SOURCE_PREFIX.length())) {
            value = URLDecoder.decode(value, StandardCharsets.UTF_8);
        }
        props.setProperty(NlProperty.canonicalKey(key), value); // names are matched case-insensitively, as URL parameters usually are
    }

    /**
     * A URL (JDBC or HTTP) as logs and reports may show it: the password of its authority and the
     * values of secret-looking parameters (password, token, api_key, key, secret, ...) become {@code ****}.
     */
    public static String masked(String url) {
        return Secrets.maskUrl(url);
    }

    /** Free text with every URL in it {@link #masked}. */
    public static String maskedIn(String text) {
        return Secrets.maskUrlsIn(text);
    }

    /** The secret values {@link #masked} hides, so that callers can also keep them out of other text. */
    public static List<String> secretsIn(String url) {
        return Secrets.secretsIn(url);
    }
}
