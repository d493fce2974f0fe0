package dev.nlsql.internal.check;

import dev.nlsql.internal.check.GuardRejection.Rule;
import dev.nlsql.internal.sql.HugeNumbers;
import dev.nlsql.sql.SqlLexer;
import dev.nlsql.sql.SqlLexer.Token;
import dev.nlsql.sql.SqlLexer.Type;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.ArrayConstructor;
import net.sf.jsqlparser.expression.ArrayExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.CollateExpression;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.JsonAggregateFunction;
import net.sf.jsqlparser.expression.JsonExpression;
import net.sf.jsqlparser.expression.JsonFunction;
import net.sf.jsqlparser.expression.LambdaExpression;
import net.sf.jsqlparser.expression.MySQLGroupConcat;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.expression.NumericBind;
import net.sf.jsqlparser.expression.RowConstructor;
import net.sf.jsqlparser.expression.RowGetExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.StructType;
import net.sf.jsqlparser.expression.TranscodingFunction;
import net.sf.jsqlparser.expression.UserVariable;
import net.sf.jsqlparser.expression.VariableAssignment;
import net.sf.jsqlparser.expression.WindowElement;
import net.sf.jsqlparser.expression.XMLSerializeExpr;
import net.sf.jsqlparser.expression.operators.relational.FullTextSearch;
import net.sf.jsqlparser.expression.operators.relational.JsonOperator;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.Matches;
import net.sf.jsqlparser.expression.operators.relational.RegExpMatchOperator;
import net.sf.jsqlparser.expression.operators.relational.SimilarToExpression;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The local engine's (H2, the fallback analysis) extra rules, on top of the guard's: functions by
 * allow-list only (bounded, interruptible ones), casts only to plain types (never JAVA_OBJECT,
 * OTHER, GEOMETRY, JSON, arrays, rows, intervals, binaries), no WITH RECURSIVE, no regular
 * expressions, LIKE only with a literal pattern H2 matches in linear time, no binary literals,
 * parameters or sequences. Checked by the tree pass on every node and, independently, by the
 * lexical pass on the tokens.
 */
public final class LocalEngineRules {

    /** Functions the local engine may call: aggregates, window functions, arithmetic, string and date basics. */
    static final Set<String> FUNCTIONS = Set.of(
            "count", "sum", "avg", "min", "max", "median", "mode", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop",
            "var_samp", "percentile_cont", "percentile_disc", "bool_and", "bool_or", "every", "any_value", "string_agg", "listagg",
            "corr", "covar_pop", "covar_samp",
            "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value",
            "nth_value",
            "abs", "ceil", "ceiling", "floor", "round", "trunc", "mod", "power", "sqrt", "exp", "ln", "log", "log10", "sign",
            "greatest", "least", "coalesce", "nullif", "ifnull", "nvl",
            "lower", "upper", "length", "char_length", "character_length", "octet_length", "trim", "ltrim", "rtrim", "btrim",
            "substring", "substr", "left", "right", "replace", "position", "locate", "strpos", "concat", "concat_ws", "initcap",
            "split_part",
            "extract", "date_trunc", "dateadd", "datediff", "timestampadd", "timestampdiff", "year", "month", "day", "dayofmonth",
            "dayofweek", "dayofyear", "quarter", "week", "hour", "minute", "second", "monthname", "dayname", "to_char", "to_date",
            "now", "current_date", "current_timestamp", "localtimestamp");
    /**
     * H2's built-ins that are not on the list, refused by the lexical pass as soon as they are
     * followed by a parenthesis (the tree pass refuses every name off the list).
     */
    static final Set<String> H2_OFF_LIST = Set.of("abort_session", "array_contains", "array_max_cardinality", "array_slice",
            "autocommit", "cancel_session", "cardinality", "compress", "csvread", "csvwrite", "currval", "database_path",
            "data_type_sql", "db_object_id", "db_object_sql", "decrypt", "disk_space_used", "encrypt", "expand", "file_read",
            "file_write", "h2version", "hash", "hextoraw", "link_schema", "lock_mode", "lock_timeout", "lpad", "rpad",
            "memory_free", "memory_used", "nextval", "ora_hash", "rawtohex", "readonly", "regexp_like", "regexp_replace",
            "regexp_substr", "repeat", "secure_rand", "session_id", "signal", "sleep", "space", "stringdecode", "stringencode",
            "stringtoutf8", "table", "table_distinct", "transaction_id", "trim_array", "truncate_value", "unnest", "utf8tostring",
            "xmlattr", "xmlcdata", "xmlcomment", "xmlnode", "xmlstartdoc", "xmltext", "json_object", "json_array", "array_agg",
            "json_arrayagg", "json_objectagg", "histogram", "convert", "set", "current_user", "current_schema", "user",
            "session_user", "system_user", "estimated_envelope", "sysdate", "identity", "scope_identity", "last_insert_id");
    /** Types a cast may name: values that read as plain JDBC values (text, numbers, booleans, dates and times). */
    static final Set<String> PLAIN_TYPES = Set.of("smallint", "int", "integer", "int2", "int4", "int8", "bigint", "tinyint",
            "numeric", "decimal", "dec", "real", "float", "float4", "float8", "double", "double precision", "varchar",
            "character varying", "char varying", "char", "character", "text", "boolean", "bool", "date", "time",
            "time without time zone", "timestamp", "timestamp without time zone", "timestamp with time zone", "timestamptz");
    /** Type words refused wherever they appear in the text (no table or column of a copy is named so). */
    private static final Set<String> OBJECT_TYPE_WORDS = Set.of("java_object");
    /**
     * String-building operations a statement may hold ({@code ||}, concat, replace, string_agg...):
     * H2 checks for cancellation between rows, not inside one value, so a chain of CTEs that each
     * repeat a value builds one giant value uninterruptibly (nine levels of s || ... || s: 8 s
     * against a 2 s timeout). Few of them keep a value within a small multiple of the copy's.
     */
    static final int MAX_STRING_OPS = 8;
    private static final Set<String> STRING_BUILDING = Set.of("concat", "concat_ws", "replace", "string_agg", "listagg", "to_char");
    /**
     * Window functions H2 computes over an ordered window in linear time: each row's value follows
     * from the previous one's. Others over an ordered window (string_agg, median, percentiles...)
     * redo the whole frame per row, uninterruptibly: string_agg over 78,125 rows took 38 s and
     * median 13 s against a 2 s timeout. Explicit frames (ROWS/RANGE/GROUPS BETWEEN n PRECEDING ...)
     * cost the frame's size per row the same way (80-95 s), so they are refused.
     */
    static final Set<String> ORDERED_WINDOW_FUNCTIONS = Set.of("count", "sum", "avg", "min", "max", "row_number", "rank",
            "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value");
    /**
     * Longest LIKE pattern, and longest search string of locate/position/strpos/replace: H2 matches them by
     * scanning, text length times pattern length in one uninterruptible evaluation (a 1,000-character pattern
     * over a 10,000,000-character value: 13 s against a 2 s timeout).
     */
    static final int MAX_PATTERN = 100;
    /** Most digits of a numeric literal (and its largest exponent: {@link HugeNumbers}). */
    static final int MAX_EXPONENT = HugeNumbers.MAX_EXPONENT;
    /** Functions whose search string (the argument at this index) is scanned for in the text, as LIKE's pattern. */
    private static final java.util.Map<String, Integer> SEARCH_ARGUMENT = java.util.Map.of("locate", 0, "position", 0, "strpos", 1,
            "replace", 1);

    private LocalEngineRules() {
    }

    /** Why a function may not run on the local engine, or null; {@code call} false for the lexical pass's name followed by '('. */
    static String functionRefusal(String schema, String name, boolean call) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (call) {
            return schema == null && FUNCTIONS.contains(lower) ? null : "not on the local engine's allow-list";
        }
        return H2_OFF_LIST.contains(lower) ? "not on the local engine's allow-list" : null;
    }

    /** Counts one statement's string-building operations over the tree pass. */
    static final class StringOps {
        private int count;

        void count(Object node) throws GuardRejection {
            String name = node instanceof net.sf.jsqlparser.expression.Function f ? f.getName()
                    : node instanceof AnalyticExpression a ? a.getName() : null;
            boolean building = node instanceof net.sf.jsqlparser.expression.operators.arithmetic.Concat
                    || (name != null && STRING_BUILDING.contains(SqlLexer.foldIdentifier(name).toLowerCase(Locale.ROOT)));
            if (building && ++count > MAX_STRING_OPS) {
                throw refused("more than " + MAX_STRING_OPS + " string-building operations (||, concat, replace, string_agg): "
                        + "one value could grow past what the engine can interrupt");
            }
        }
    }

    /** The tree pass: refuses a node the local engine must not run. */
    static void checkNode(Object node) throws GuardRejection {
        if (node instanceof WithItem<?> item && item.isRecursive()) {
            throw refused("WITH RECURSIVE");
        }
        if (node instanceof WindowElement) {
            throw refused("an explicit window frame (ROWS/RANGE/GROUPS): H2 computes it per row, uninterruptibly");
        }
        if (node instanceof AnalyticExpression window && window.getName() != null) {
            // a named window may be ordered; WITHIN GROUP (ORDER BY) counts too (on the safe side)
            boolean ordered = window.getWindowName() != null
                    || window.toString().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").contains("order by");
            if (ordered && !ORDERED_WINDOW_FUNCTIONS.contains(SqlLexer.foldIdentifier(window.getName()).toLowerCase(Locale.ROOT))) {
                throw refused(window.getName() + " over an ordered window: H2 recomputes it for every row, uninterruptibly");
            }
        }
        if (node instanceof CastExpression cast) {
            checkCastType(cast.getColDataType(), cast.toString());
        }
        if (node instanceof LikeExpression like) {
            checkLike(like);
        }
        if (node instanceof net.sf.jsqlparser.expression.Function f && f.getName() != null) {
            checkSearchArguments(f);
        }
        if (node instanceof RegExpMatchOperator || node instanceof SimilarToExpression || node instanceof Matches
                || node instanceof FullTextSearch) {
            throw refused("pattern matching by regular expression: " + GuardRejection.shorten(node.toString()));
        }
        if (node instanceof HexValue) {
            throw refused("binary literal " + GuardRejection.shorten(node.toString()));
        }
        if (node instanceof JsonExpression || node instanceof JsonFunction || node instanceof JsonAggregateFunction
                || node instanceof JsonOperator || node instanceof ArrayConstructor || node instanceof ArrayExpression
                || node instanceof RowConstructor || node instanceof RowGetExpression || node instanceof StructType
                || node instanceof LambdaExpression || node instanceof XMLSerializeExpr || node instanceof TranscodingFunction
                || node instanceof MySQLGroupConcat || node instanceof CollateExpression) {
            throw refused("a value that is not plain (JSON, array, row, XML, conversion, collation): "
                    + GuardRejection.shorten(node.toString()));
        }
        if (node instanceof NextValExpression || node instanceof UserVariable || node instanceof VariableAssignment
                || node instanceof JdbcParameter || node instanceof JdbcNamedParameter || node instanceof NumericBind) {
            throw refused("sequences, variables and parameters: " + GuardRejection.shorten(node.toString()));
        }
    }

    /** The lexical pass: RECURSIVE, JAVA_OBJECT, and {@code ::} casts to types that are not plain. */
    static void checkTokens(List<Token> tokens, int end) throws GuardRejection {
        for (int i = 0; i < end; i++) {
            Token t = tokens.get(i);
            if (t.type() == Type.WORD) {
                String w = t.text().toLowerCase(Locale.ROOT);
                if (w.equals("recursive")) {
                    throw refused("WITH RECURSIVE");
                }
                if (OBJECT_TYPE_WORDS.contains(w)) {
                    throw refused("a cast to " + t.text());
                }
            }
            if ((t.type() == Type.NUMBER || t.type() == Type.STRING) && HugeNumbers.hasHugeExponent(t.text())) {
                throw refused("a number with an exponent beyond " + MAX_EXPONENT + " (" + GuardRejection.shorten(t.text())
                        + "): H2 computes such a value uninterruptibly");
            }
            if (t.type() == Type.NUMBER && t.text().replaceAll("[^0-9]", "").length() > MAX_EXPONENT) {
                throw refused("a numeric literal of more than " + MAX_EXPONENT + " digits");
            }
            if (t.type() == Type.OPERATOR && t.text().equals("::")) {
                StringBuilder type = new StringBuilder();
                int j = i + 1;
                while (j < end && tokens.get(j).type() == Type.WORD && isTypeWord(tokens, j, type)) {
                    type.append(type.length() == 0 ? "" : " ").append(tokens.get(j).text().toLowerCase(Locale.ROOT));
                    j++;
                }
                boolean array = j < end && tokens.get(j).isPunct('[');
                if (array || !PLAIN_TYPES.contains(type.toString())) {
                    throw refused("a cast to " + (type.length() == 0 ? "a type that is not plain" : type) + (array ? "[]" : ""));
                }
            }
        }
    }

    /** The words of a multi-word type name after {@code ::} (double precision, timestamp with time zone). */
    private static boolean isTypeWord(List<Token> tokens, int j, StringBuilder sofar) {
        if (sofar.length() == 0) {
            return true;
        }
        String w = SqlLexer.foldIdentifier(tokens.get(j).text());
        return switch (w) {
            case "precision", "varying", "with", "without", "time", "zone" -> true;
            default -> false;
        };
    }

    private static void checkCastType(ColDataType type, String text) throws GuardRejection {
        String name = type == null || type.getDataType() == null ? "" : type.getDataType().toLowerCase(Locale.ROOT)
                .replace("\"", "").replaceAll("\\(\\s*[0-9]+\\s*(,\\s*[0-9]+\\s*)?\\)", " ").replaceAll("\\s+", " ").strip();
        boolean array = type != null && type.getArrayData() != null && !type.getArrayData().isEmpty();
        if (array || !PLAIN_TYPES.contains(name)) {
            throw refused("a cast to a type that is not plain (" + (name.isEmpty() ? "?" : name) + (array ? "[]" : "") + "): "
                    + GuardRejection.shorten(text));
        }
    }

    /**
     * H2 matches LIKE by backtracking: each '%' before the last character multiplies the work by
     * the text's length (a pattern of four of them on 400 characters took 11 s, uninterruptibly).
     * So the pattern is a literal with at most one such '%'.
     */
    private static void checkLike(LikeExpression like) throws GuardRejection {
        LikeExpression.KeyWord word = like.getLikeKeyWord();
        if (word != LikeExpression.KeyWord.LIKE && word != LikeExpression.KeyWord.ILIKE) {
            throw refused(word + ": pattern matching by regular expression");
        }
        if (like.getEscape() != null) {
            throw refused("LIKE ... ESCAPE");
        }
        if (!(like.getRightExpression() instanceof StringValue pattern)) {
            throw refused("LIKE with a pattern that is not a string literal: " + GuardRejection.shorten(like.toString()));
        }
        String p = pattern.getValue();
        if (p.length() > MAX_PATTERN) {
            throw refused("a LIKE pattern longer than " + MAX_PATTERN + " characters");
        }
        if (!isLinearLikePattern(p)) {
            throw refused("a LIKE pattern with more than one '%' inside it (H2 matches it in super-linear time): '" + p + "'");
        }
    }

    /**
     * locate, position, strpos and replace scan the text for a search string: it must be a string literal of at most
     * {@link #MAX_PATTERN} characters, and replace's replacement a literal no longer than what it replaces, so that
     * replace never grows a value (three nested replace calls built 10,000,000 characters from one).
     */
    private static void checkSearchArguments(net.sf.jsqlparser.expression.Function f) throws GuardRejection {
        String name = SqlLexer.foldIdentifier(f.getName()).toLowerCase(Locale.ROOT);
        Integer index = SEARCH_ARGUMENT.get(name);
        if (index == null) {
            return;
        }
        List<?> args = f.getParameters() == null ? List.of() : f.getParameters().getExpressions();
        if (args.size() <= index || !(args.get(index) instanceof StringValue search) || search.getValue().isEmpty()
                || search.getValue().length() > MAX_PATTERN) {
            throw refused(name + " with a search string that is not a string literal of 1 to " + MAX_PATTERN + " characters: "
                    + GuardRejection.shorten(f.toString()));
        }
        if (name.equals("replace") && (args.size() < 3 || !(args.get(2) instanceof StringValue to)
                || to.getValue().length() > search.getValue().length())) {
            throw refused("replace whose replacement is not a string literal at most as long as what it replaces: "
                    + GuardRejection.shorten(f.toString()));
        }
    }

    /** At most one '%' before the last character ('%text%', 'a%b', 'text%' are matched in linear time). */
    static boolean isLinearLikePattern(String p) {
        int inner = 0;
        for (int i = 0; i < p.length() - 1; i++) {
            inner += p.charAt(i) == '%' ? 1 : 0;
        }
        return inner <= 1;
    }

    private static GuardRejection refused(String what) {
        return new GuardRejection(Rule.LOCAL_ENGINE, what);
    }
}
