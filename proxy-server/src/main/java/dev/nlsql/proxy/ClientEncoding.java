package dev.nlsql.proxy;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A client encoding as PostgreSQL names it, and the conversion between it and UTF-8, the encoding the proxy and its
 * backend session speak. UTF8 and SQL_ASCII pass bytes as they are (a UTF8 database sends an SQL_ASCII client its own
 * bytes); every other encoding is converted at the client's edge, with PostgreSQL's errors for what cannot be converted:
 * 22021 for bytes that are not valid in the client's encoding, 22P05 for a character the client's encoding lacks.
 */
final class ClientEncoding {

    /** PostgreSQL's encodings (pg_enc2name_tbl) and their Java charsets; null where Java has none. */
    private static final Map<String, String> CHARSETS = new HashMap<>();
    /** PostgreSQL's names and aliases (pg_encname_tbl), normalized as clean_encoding_name does, to the canonical name. */
    private static final Map<String, String> NAMES = new HashMap<>();

    static {
        String[][] encodings = {
            {"SQL_ASCII", null, "sqlascii"}, {"UTF8", null, "utf8 unicode"},
            {"EUC_JP", "EUC-JP", "eucjp"}, {"EUC_CN", "GB2312", "euccn"}, {"EUC_KR", "EUC-KR", "euckr"}, {"EUC_TW", "x-EUC-TW", "euctw"},
            {"EUC_JIS_2004", null, "eucjis2004"}, {"MULE_INTERNAL", null, "muleinternal"},
            {"LATIN1", "ISO-8859-1", "latin1 iso88591"}, {"LATIN2", "ISO-8859-2", "latin2 iso88592"},
            {"LATIN3", "ISO-8859-3", "latin3 iso88593"}, {"LATIN4", "ISO-8859-4", "latin4 iso88594"},
            {"LATIN5", "ISO-8859-9", "latin5 iso88599"}, {"LATIN6", null, "latin6 iso885910"},
            {"LATIN7", "ISO-8859-13", "latin7 iso885913"}, {"LATIN8", null, "latin8 iso885914"},
            {"LATIN9", "ISO-8859-15", "latin9 iso885915"}, {"LATIN10", "ISO-8859-16", "latin10 iso885916"},
            {"WIN1256", "windows-1256", "win1256 windows1256"}, {"WIN1258", "windows-1258", "win1258 windows1258 abc tcvn tcvn5712 vscii"},
            {"WIN866", "IBM866", "win866 windows866 alt"}, {"WIN874", "x-windows-874", "win874 windows874"},
            {"KOI8R", "KOI8-R", "koi8r koi8"}, {"WIN1251", "windows-1251", "win1251 windows1251 win"},
            {"WIN1252", "windows-1252", "win1252 windows1252"}, {"ISO_8859_5", "ISO-8859-5", "iso88595"},
            {"ISO_8859_6", "ISO-8859-6", "iso88596"}, {"ISO_8859_7", "ISO-8859-7", "iso88597"}, {"ISO_8859_8", "ISO-8859-8", "iso88598"},
            {"WIN1250", "windows-1250", "win1250 windows1250"}, {"WIN1253", "windows-1253", "win1253 windows1253"},
            {"WIN1254", "windows-1254", "win1254 windows1254"}, {"WIN1255", "windows-1255", "win1255 windows1255"},
            {"WIN1257", "windows-1257", "win1257 windows1257"}, {"KOI8U", "KOI8-U", "koi8u"},
            {"SJIS", "windows-31j", "sjis shiftjis mskanji win932 windows932"}, {"BIG5", "Big5", "big5 win950 windows950"},
            {"GBK", "GBK", "gbk win936 windows936"}, {"UHC", "x-windows-949", "uhc win949 windows949"}, {"GB18030", "GB18030", "gb18030"},
            {"JOHAB", null, "johab"}, {"SHIFT_JIS_2004", "x-SJIS_0213", "shiftjis2004"},
        };
        for (String[] e : encodings) {
            CHARSETS.put(e[0], e[1] != null && Charset.isSupported(e[1]) ? e[1] : null);
            for (String alias : e[2].split(" ")) {
                NAMES.put(alias, e[0]);
            }
        }
    }

    /** PostgreSQL's client-only encodings (PG_ENCODING_IS_CLIENT_ONLY): a second byte may be 0x5c, an ASCII backslash. */
    private static final java.util.Set<String> CLIENT_ONLY = java.util.Set.of("SJIS", "BIG5", "GBK", "UHC", "GB18030", "JOHAB",
            "SHIFT_JIS_2004");

    /**
     * Where Java's charset reads a character otherwise than PostgreSQL's conversion to UTF-8 and the difference is ASCII
     * (which could change how a statement reads): SHIFT_JIS_2004's 0x815f is PostgreSQL's backslash and 0x81b0 its
     * tilde, Java's fullwidth U+FF3C and U+FF5E. Java reads no other byte sequence as these two characters, and
     * PostgreSQL has no bytes for them in SHIFT_JIS_2004 (22P05). Every other multibyte sequence of the accepted
     * encodings gives ASCII in neither or in both, alike (checked against PostgreSQL 15's convert_from, issue 37).
     */
    private static final Map<String, Map<Character, Character>> AS_POSTGRES_READS = Map.of(
            "SHIFT_JIS_2004", Map.of('\uFF3C', '\\', '\uFF5E', '~'));

    /**
     * Encodings whose Java charset reads the user-defined areas (as the Private Use Area, U+E000 to U+F8FF) where
     * PostgreSQL has no UTF-8 for those bytes (22P05), and PostgreSQL reads no bytes as such a character: SJIS's lead bytes 0xf0
     * to 0xf9 (1880 sequences, ten ending in 0x5c), GBK's 2148 (eight ending in 0x5c). JOHAB, whose Java charset reads
     * 8880 two-byte sequences PostgreSQL refuses (89 ending in 0x5c), is refused as a client encoding instead (0A000).
     */
    private static final java.util.Set<String> NO_PRIVATE_USE = java.util.Set.of("SJIS", "GBK");

    /** The proxy's own encoding: bytes pass as they are (after the tables above, which its constructor reads). */
    static final ClientEncoding UTF8 = new ClientEncoding("UTF8", null);
    /**
     * UTF-8 read strictly: how text that passes as it is (UTF8, SQL_ASCII on a UTF-8 server) is checked, with
     * PostgreSQL's 22021 "invalid byte sequence for encoding "UTF8"", before the JDBC route turns it into a Java string.
     */
    static final ClientEncoding CHECKED_UTF8 = new ClientEncoding("UTF8", StandardCharsets.UTF_8);

    /** PostgreSQL's canonical name, as ParameterStatus reports it (or "UNICODE", kept as given, as PostgreSQL keeps it). */
    final String name;
    private final Charset charset;
    /** Java's character to PostgreSQL's, where they differ (see {@link #AS_POSTGRES_READS}); empty for most. */
    private final Map<Character, Character> asPostgresReads;

    private ClientEncoding(String name, Charset charset) {
        this.name = name;
        this.charset = charset;
        this.asPostgresReads = AS_POSTGRES_READS.getOrDefault(name, Map.of());
    }

    /** Why an encoding cannot be the client's, with PostgreSQL's code and words. */
    static final class Refused extends SQLException {
        final String detail;

        Refused(String state, String message, String detail) {
            super(message, state);
            this.detail = detail;
        }
    }

    /**
     * The encoding PostgreSQL knows by {@code given} (any alias, any case, any punctuation), or PostgreSQL's refusal: an
     * unknown name (22023) or one the proxy cannot convert (0A000, as PostgreSQL refuses MULE_INTERNAL for UTF8).
     */
    static ClientEncoding named(String given) throws Refused {
        String canonical = NAMES.get(normalized(given));
        String invalid = "invalid value for parameter \"client_encoding\": \"" + given + "\"";
        if (canonical == null) {
            throw new Refused(PgState.INVALID_PARAMETER_VALUE.code(), invalid, null);
        }
        if (canonical.equals("UTF8") || canonical.equals("SQL_ASCII")) {
            return new ClientEncoding(given.equals("UNICODE") ? "UNICODE" : canonical, null);
        }
        String charset = CHARSETS.get(canonical);
        if (charset == null) {
            throw new Refused(PgState.FEATURE_NOT_SUPPORTED.code(), invalid,
                    "Conversion between " + canonical + " and UTF8 is not supported.");
        }
        return new ClientEncoding(canonical, Charset.forName(charset));
    }

    /** As PostgreSQL's clean_encoding_name: letters and digits only, lower case. */
    private static String normalized(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (c < 128 && Character.isLetterOrDigit(c)) {
                b.append(Character.toLowerCase(c));
            }
        }
        return b.toString().toLowerCase(Locale.ROOT);
    }

    /** True when bytes pass as they are (UTF8, SQL_ASCII). */
    boolean passesBytes() {
        return charset == null;
    }

    /** The client's text as the proxy reads it; PostgreSQL's 22021 for bytes invalid in the client's encoding. */
    String decode(byte[] b, int offset, int length) throws SQLException {
        if (charset == null) {
            return new String(b, offset, length, StandardCharsets.UTF_8);
        }
        CharsetDecoder decoder = strictDecoder();
        ByteBuffer in = ByteBuffer.wrap(b, offset, length);
        String text;
        try {
            text = asPostgresReads(decoder.decode(in));
        } catch (CharacterCodingException e) {
            throw invalid(b, in.position(), offset + length);
        }
        int refused = privateUse(text);
        if (refused >= 0) {
            throw noUtf8(text.charAt(refused));
        }
        return text;
    }

    /** Java's reading of the client's characters made PostgreSQL's ({@link #AS_POSTGRES_READS}). */
    private String asPostgresReads(CharSequence javaReads) {
        if (asPostgresReads.isEmpty()) {
            return javaReads.toString();
        }
        StringBuilder b = new StringBuilder(javaReads.length());
        for (int i = 0; i < javaReads.length(); i++) {
            char c = javaReads.charAt(i);
            b.append(asPostgresReads.getOrDefault(c, c));
        }
        return b.toString();
    }

    /** Where the text holds a character PostgreSQL reads no bytes of this encoding as ({@link #NO_PRIVATE_USE}); -1 if none. */
    private int privateUse(CharSequence text) {
        if (!NO_PRIVATE_USE.contains(name)) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '\uE000' && c <= '\uF8FF') {
                return i;
            }
        }
        return -1;
    }

    /** True for PostgreSQL's client-only encodings, whose second bytes include 0x5c (SJIS, BIG5, GBK, GB18030...). */
    boolean clientOnly() {
        return CLIENT_ONLY.contains(name);
    }

    /**
     * PostgreSQL's refusal of {@code \'} in a string read with backslash escapes (E'', or any string with
     * standard_conforming_strings off) from a client in a client-only encoding (backslash_quote = safe_encoding, its
     * default): 22P06, as its scanner raises it, before anything in the text runs. The backend session speaks UTF-8, so
     * it would not raise it itself.
     */
    void refuseUnsafeBackslashQuote(String sql, boolean standardConformingStrings) throws SQLException {
        if (!clientOnly() || sql.indexOf("\\'") < 0) {
            return;
        }
        for (dev.nlsql.sql.SqlLexer.Token t : dev.nlsql.sql.SqlLexer.tokenize(sql, dev.nlsql.sql.LexRules.postgres(standardConformingStrings)).tokens()) {
            if (t.type() == dev.nlsql.sql.SqlLexer.Type.STRING && escapesQuote(t.text(), standardConformingStrings)) {
                throw new SQLException("unsafe use of \\' in a string literal", PgState.NONSTANDARD_USE_OF_ESCAPE_CHARACTER.code());
            }
        }
    }

    /** True when a string token read with backslash escapes holds the escape {@code \'}. */
    private static boolean escapesQuote(String token, boolean standardConformingStrings) {
        char prefix = Character.toUpperCase(token.charAt(0));
        boolean escapes = prefix == 'E' || !standardConformingStrings && (prefix == '\'' || prefix == 'N');
        if (!escapes) {
            return false;
        }
        for (int i = token.indexOf('\'') + 1; i < token.length() - 1; i++) {
            if (token.charAt(i) == '\\') {
                if (token.charAt(i + 1) == '\'') {
                    return true;
                }
                i++;
            }
        }
        return false;
    }

    /** A decoder that reports what it cannot read, rather than replacing it. */
    private CharsetDecoder strictDecoder() {
        return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** The client's bytes as UTF-8. */
    /** Checks the bytes read in this encoding as {@link #toUtf8} would (PostgreSQL's 22021), converting nothing. */
    void check(byte[] b, int offset, int length) throws SQLException {
        if (!ascii(b, offset, length)) {
            decode(b, offset, length);
        }
    }

    byte[] toUtf8(byte[] b, int offset, int length) throws SQLException {
        return ascii(b, offset, length) ? java.util.Arrays.copyOfRange(b, offset, offset + length)
                : decode(b, offset, length).getBytes(StandardCharsets.UTF_8);
    }

    /** True when every byte is ASCII, which reads the same in every encoding PostgreSQL offers a client. */
    private static boolean ascii(byte[] b, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /** The client's bytes as UTF-8 where an error cannot be raised (the reason of a CopyFail): U+FFFD for invalid ones. */
    byte[] toUtf8Leniently(byte[] b, int offset, int length) {
        return asPostgresReads(new String(b, offset, length, charset == null ? StandardCharsets.UTF_8 : charset)).getBytes(StandardCharsets.UTF_8);
    }

    /** Text for the client; PostgreSQL's 22P05 for a character its encoding lacks. */
    byte[] encode(String s) throws SQLException {
        if (charset == null) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        for (char c : asPostgresReads.keySet()) {
            if (s.indexOf(c) >= 0) { // Java has bytes for it; PostgreSQL's are its ASCII character's
                throw untranslatable(c);
            }
        }
        CharsetEncoder encoder = charset.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer in = CharBuffer.wrap(s);
        try {
            ByteBuffer out = encoder.encode(in);
            byte[] bytes = new byte[out.remaining()];
            out.get(bytes);
            return bytes;
        } catch (CharacterCodingException e) {
            throw untranslatable(s.codePointAt(in.position()));
        }
    }

    /** Text for the client where an error cannot be raised (an error's own message, a notice): '?' for what it lacks. */
    byte[] encodeLeniently(String s) {
        String text = s;
        for (char c : asPostgresReads.keySet()) {
            text = text.replace(c, '?');
        }
        return text.getBytes(charset == null ? StandardCharsets.UTF_8 : charset);
    }

    /** UTF-8 bytes (the backend's, pgjdbc's text) for the client; 22P05 as {@link #encode}. */
    byte[] fromUtf8(byte[] utf8, int offset, int length) throws SQLException {
        if (ascii(utf8, offset, length)) { // numbers, dates, most names: no conversion to make
            return offset == 0 && length == utf8.length ? utf8 : java.util.Arrays.copyOfRange(utf8, offset, offset + length);
        }
        return encode(new String(utf8, offset, length, StandardCharsets.UTF_8));
    }

    /** PostgreSQL's error for a character the client's encoding lacks (report_untranslatable_char). */
    SQLException untranslatable(int codePoint) {
        byte[] utf8 = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
        String bytes = hex(utf8, 0, utf8.length);
        return new SQLException("character with byte sequence " + bytes + " in encoding \"UTF8\" has no equivalent in encoding \"" + name
                + "\"", PgState.UNTRANSLATABLE_CHARACTER.code());
    }

    /** PostgreSQL's error for a user-defined character ({@link #NO_PRIVATE_USE}): valid bytes, no UTF-8 for them (22P05). */
    private SQLException noUtf8(char userDefined) {
        byte[] encoded = String.valueOf(userDefined).getBytes(charset);
        String bytes = hex(encoded, 0, encoded.length);
        return new SQLException("character with byte sequence " + bytes + " in encoding \"" + name + "\" has no equivalent in encoding \"UTF8\"",
                PgState.UNTRANSLATABLE_CHARACTER.code());
    }

    /** PostgreSQL's error for bytes invalid in the client's encoding (report_invalid_encoding): the bytes from the bad one on. */
    private SQLException invalid(byte[] b, int at, int end) {
        return new SQLException("invalid byte sequence for encoding \"" + name + "\": " + hex(b, at, Math.min(end, at + 2)),
                PgState.CHARACTER_NOT_IN_REPERTOIRE.code());
    }

    /** Bytes as PostgreSQL's messages show them: {@code 0xe3 0x81}. */
    private static String hex(byte[] b, int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < to; i++) {
            out.append(out.length() == 0 ? "" : " ").append(String.format("0x%02x", b[i] & 0xff));
        }
        return out.toString();
    }

    /**
     * Converts a stream of the client's bytes to UTF-8 in pieces (COPY FROM STDIN's CopyData, which may end inside a
     * character): the bytes of a character cut at a piece's end are kept for the next piece.
     */
    final class ToUtf8Stream {
        private final CharsetDecoder decoder = strictDecoder();
        private final CharsetEncoder utf8 = StandardCharsets.UTF_8.newEncoder();
        private byte[] carried = new byte[0];
        /** Lines passed whole: the line of an invalid byte is the next one, as PostgreSQL's COPY counts them. */
        private long lines;

        /** The next piece as UTF-8 (what it holds of whole characters). */
        ByteBuffer next(ByteBuffer piece) throws SQLException {
            ByteBuffer in = piece;
            if (carried.length > 0) {
                in = ByteBuffer.allocate(carried.length + piece.remaining()).put(carried).put(piece).flip();
            }
            CharBuffer chars = CharBuffer.allocate((int) (in.remaining() * (double) decoder.maxCharsPerByte()) + 2);
            CoderResult r = decoder.decode(in, chars, false);
            for (int i = 0; i < chars.position(); i++) {
                lines += chars.get(i) == '\n' ? 1 : 0;
            }
            CharBuffer read = chars.duplicate().flip();
            int refused = r.isError() ? -1 : privateUse(read);
            if (refused >= 0) {
                throw noUtf8(read.charAt(refused));
            }
            if (r.isError()) {
                byte[] all = new byte[in.limit()];
                in.get(0, all);
                throw invalid(all, in.position(), all.length);
            }
            carried = new byte[in.remaining()];
            in.get(carried);
            try {
                return utf8.encode(CharBuffer.wrap(asPostgresReads(chars.flip())));
            } catch (CharacterCodingException e) {
                throw new IllegalStateException("UTF-8 encodes every character", e);
            }
        }

        /** The line being read: the one an invalid byte is in. */
        long line() {
            return lines + 1;
        }

        /** True when the stream ended inside a character: its bytes are invalid. */
        void end() throws SQLException {
            if (carried.length > 0) {
                throw invalid(carried, 0, carried.length);
            }
        }
    }
}
