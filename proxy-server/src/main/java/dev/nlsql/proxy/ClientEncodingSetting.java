package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement that sets the client's encoding: {@code SET [SESSION] client_encoding TO|= value|DEFAULT}, {@code SET NAMES
 * value|DEFAULT} (psql's \encoding and psycopg2's set_client_encoding send the first), {@code RESET client_encoding}, and
 * {@code SHOW client_encoding}. The proxy answers them itself: its backend session stays in UTF-8, and the proxy converts
 * at the client's edge.
 */
record ClientEncodingSetting(String value, Kind kind) {

    /** What the statement does. */
    enum Kind { SET, RESET, SHOW }

    private static final Pattern SHOW = Pattern.compile("(?is)\\s*SHOW\\s+client_encoding\\s*;?\\s*");

    private static final Pattern SETTING = Pattern.compile("(?is)\\s*(?:SET\\s+(?:SESSION\\s+)?(?:client_encoding(?:\\s*=|\\s+TO\\b)|NAMES\\b)"
            + "\\s*('(?:[^']|'')*'|\"[^\"]*\"|[a-z0-9_\\-]+)|(RESET)\\s+client_encoding)\\s*;?\\s*");

    /** The setting this text makes, or null when it is not one of these statements alone. */
    static ClientEncodingSetting of(String sql) {
        if (SHOW.matcher(sql).matches()) {
            return new ClientEncodingSetting(null, Kind.SHOW);
        }
        Matcher m = SETTING.matcher(sql);
        if (!m.matches()) {
            return null;
        }
        if (m.group(2) != null) {
            return new ClientEncodingSetting(null, Kind.RESET);
        }
        String v = m.group(1);
        if (v.startsWith("'")) {
            return new ClientEncodingSetting(v.substring(1, v.length() - 1).replace("''", "'"), Kind.SET);
        }
        if (v.startsWith("\"")) {
            return new ClientEncodingSetting(v.substring(1, v.length() - 1), Kind.SET);
        }
        // an unquoted word is an identifier, folded to lower case; DEFAULT is the reset value
        return new ClientEncodingSetting(v.equalsIgnoreCase("default") ? null : v.toLowerCase(Locale.ROOT), Kind.SET);
    }

    private static final Pattern RESETS_ALL = Pattern.compile("(?is)\\s*(?:RESET|DISCARD)\\s+ALL\\s*;?\\s*");

    /** True for RESET ALL and DISCARD ALL, which set client_encoding back to its value at login. */
    static boolean resetsAll(String sql) {
        return RESETS_ALL.matcher(sql).matches();
    }

    /** A setting of the client encoding among other statements of one message is refused: the proxy answers it alone. */
    static void refuseAmong(java.util.List<String> statements) throws java.sql.SQLException {
        for (String sql : statements) {
            ClientEncodingSetting s = of(sql);
            if (s != null && s.kind != Kind.SHOW) {
                throw new java.sql.SQLException("nlsql's proxy sets client_encoding only in a query of its own; send \"" + sql.strip()
                        + "\" alone", PgState.FEATURE_NOT_SUPPORTED.code());
            }
        }
    }

    /**
     * Answers the statement as PostgreSQL does (its errors; SET's ParameterStatus after the tag), and makes the new
     * encoding the client's. Not transactional: a ROLLBACK keeps it.
     */
    void answer(Messages out, ClientEncoding atLogin, char transactionStatus) throws java.sql.SQLException {
        apply(out, atLogin, transactionStatus);
        out.readyForQuery(transactionStatus);
    }

    /** As {@link #answer}, without ReadyForQuery: an Execute's part of the extended protocol. */
    void apply(Messages out, ClientEncoding atLogin, char transactionStatus) throws java.sql.SQLException {
        if (transactionStatus == BackendType.FAILED_TRANSACTION) {
            throw new java.sql.SQLException("current transaction is aborted, commands ignored until end of transaction block",
                    PgState.IN_FAILED_SQL_TRANSACTION.code());
        }
        if (kind == Kind.SHOW) {
            out.rowDescription(java.util.List.of(new Messages.Column("client_encoding", 0, (short) 0, PgTypes.TEXT, (short) -1, -1)), null);
            out.dataRow(new byte[][] {out.encoding().name.getBytes(java.nio.charset.StandardCharsets.US_ASCII)});
            out.commandComplete(tag());
        } else {
            ClientEncoding encoding;
            try {
                encoding = value == null ? atLogin : ClientEncoding.named(value);
            } catch (ClientEncoding.Refused e) { // the session sends what follows a line break as the error's detail
                throw new java.sql.SQLException(e.getMessage() + (e.detail == null ? "" : "\n" + e.detail), e.getSQLState());
            }
            out.commandComplete(tag());
            out.encoding(encoding);
            out.parameterStatus("client_encoding", encoding.name);
        }
    }

    /** True for the statements that change the client's encoding (SET, SET NAMES, RESET), alone. */
    static boolean setsEncoding(String sql) {
        ClientEncodingSetting s = of(sql);
        return s != null && s.kind != Kind.SHOW;
    }

    /** The command tag PostgreSQL answers with. */
    String tag() {
        return kind.name();
    }
}
