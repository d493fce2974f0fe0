package dev.nlsql.internal.diagnose;

import dev.nlsql.NlSqlState;
import dev.nlsql.internal.SqlState;
import dev.nlsql.ErrorCategory;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a database error to an {@link ErrorCategory}: SQLSTATE first (PostgreSQL, then H2 and
 * MySQL), message details second. Also pulls out the name at fault ("column x.y does not exist").
 */
public final class ErrorClassifier {

    private static final Pattern COLUMN = Pattern.compile("column \"?([^\"\\s]+?)\"? (?:does not exist|not found)", Pattern.CASE_INSENSITIVE);
    private static final Pattern RELATION = Pattern.compile("relation \"([^\"]+)\" does not exist|Table \"?([^\"\\s]+)\"? not found"
            + "|Table '([^']+)' doesn't exist", Pattern.CASE_INSENSITIVE);
    private static final Pattern AMBIGUOUS = Pattern.compile("column reference \"([^\"]+)\" is ambiguous|Ambiguous column name \"?([^\"\\s;]+)"
            + "|Column '([^']+)' in .* is ambiguous", Pattern.CASE_INSENSITIVE);
    private static final Pattern GROUPING = Pattern.compile("column \"([^\"]+)\" must appear in the GROUP BY clause", Pattern.CASE_INSENSITIVE);
    private static final Pattern FUNCTION = Pattern.compile("function ([\\w.\"]+)\\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern MYSQL_COLUMN = Pattern.compile("Unknown column '([^']+)'");

    private ErrorClassifier() {
    }

    public static Diagnosis classify(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        ErrorCategory category = byState(state, e.getErrorCode(), message, e);
        String[] name = nameAtFault(category, message);
        return new Diagnosis(category, firstLine(message), state, name[1], name[0], java.util.List.of());
    }

    static ErrorCategory byState(String state, int vendorCode, String message, SQLException e) {
        String m = message.toLowerCase(Locale.ROOT);
        if (e instanceof SQLTimeoutException || SqlState.QUERY_CANCELED.is(state) || vendorCode == 3024) {
            return ErrorCategory.TIMEOUT;
        }
        if (SqlState.isConnectionException(state) || SqlState.ADMIN_SHUTDOWN.is(state) || SqlState.CRASH_SHUTDOWN.is(state)
                || SqlState.CANNOT_CONNECT_NOW.is(state)) {
            return ErrorCategory.CONNECTION;
        }
        if (state.startsWith("53") || state.startsWith("54") || state.equals("90108")) {
            return ErrorCategory.RESOURCE;
        }
        if (SqlState.INSUFFICIENT_PRIVILEGE.is(state) || state.equals("42000") && (vendorCode == 1142 || vendorCode == 1044)) {
            return ErrorCategory.PERMISSION_DENIED;
        }
        if (SqlState.READ_ONLY_SQL_TRANSACTION.is(state) || NlSqlState.UNSAFE_SQL.code().equals(state)) {
            return ErrorCategory.UNSAFE;
        }
        // the table of other databases' states (H2, MySQL, ODBC) beside PostgreSQL's: one home for this mapping
        switch (state) {
            case "42P01", "42S02", "42102", "42104" -> {
                return ErrorCategory.TABLE_NOT_FOUND;
            }
            case "42703", "42S22", "42122" -> {
                return ErrorCategory.COLUMN_NOT_FOUND;
            }
            case "42702", "90059" -> {
                return ErrorCategory.AMBIGUOUS_COLUMN;
            }
            case "42803", "90016" -> {
                return ErrorCategory.GROUPING_ERROR;
            }
            case "22012" -> {
                return ErrorCategory.DIVISION_BY_ZERO;
            }
            case "22007", "22008", "22009" -> {
                return ErrorCategory.DATETIME_FORMAT;
            }
            case "42804", "42P18", "22018", "42846", "42725" -> {
                return ErrorCategory.TYPE_MISMATCH;
            }
            case "42601", "42001", "42000" -> {
                return mysqlOrSyntax(vendorCode, m);
            }
            case "42883", "90022" -> {
                return m.contains("operator does not exist") ? ErrorCategory.TYPE_MISMATCH : ErrorCategory.UNDEFINED_FUNCTION;
            }
            case "22P02" -> {
                return m.contains("date") || m.contains("time") ? ErrorCategory.DATETIME_FORMAT : ErrorCategory.TYPE_MISMATCH;
            }
            case "23000" -> {
                return vendorCode == 1052 ? ErrorCategory.AMBIGUOUS_COLUMN : ErrorCategory.UNKNOWN;
            }
            default -> {
                return byMessage(m);
            }
        }
    }

    private static ErrorCategory mysqlOrSyntax(int vendorCode, String m) {
        return switch (vendorCode) {
            case 1054 -> ErrorCategory.COLUMN_NOT_FOUND;
            case 1146 -> ErrorCategory.TABLE_NOT_FOUND;
            case 1055 -> ErrorCategory.GROUPING_ERROR;
            case 1305 -> ErrorCategory.UNDEFINED_FUNCTION;
            default -> !m.contains("syntax") && m.contains("group by") ? ErrorCategory.GROUPING_ERROR : ErrorCategory.SYNTAX_ERROR;
        };
    }

    private static ErrorCategory byMessage(String m) {
        if (m.contains("does not exist") && m.contains("column")) {
            return ErrorCategory.COLUMN_NOT_FOUND;
        }
        if (m.contains("does not exist") && (m.contains("relation") || m.contains("table"))) {
            return ErrorCategory.TABLE_NOT_FOUND;
        }
        if (m.contains("ambiguous")) {
            return ErrorCategory.AMBIGUOUS_COLUMN;
        }
        if (m.contains("group by")) {
            return ErrorCategory.GROUPING_ERROR;
        }
        if (m.contains("division by zero") || m.contains("divide by zero")) {
            return ErrorCategory.DIVISION_BY_ZERO;
        }
        if ((m.contains("date") || m.contains("time")) && (m.contains("format") || m.contains("invalid input"))) {
            return ErrorCategory.DATETIME_FORMAT;
        }
        if (m.contains("syntax")) {
            return ErrorCategory.SYNTAX_ERROR;
        }
        if (m.contains("timeout") || m.contains("canceling statement")) {
            return ErrorCategory.TIMEOUT;
        }
        if (m.contains("permission denied")) {
            return ErrorCategory.PERMISSION_DENIED;
        }
        return ErrorCategory.UNKNOWN;
    }

    /** [qualifier, name] of the object the message names, or nulls. */
    static String[] nameAtFault(ErrorCategory category, String message) {
        Pattern[] patterns = switch (category) {
            case COLUMN_NOT_FOUND -> new Pattern[] {COLUMN, MYSQL_COLUMN};
            case TABLE_NOT_FOUND -> new Pattern[] {RELATION};
            case AMBIGUOUS_COLUMN -> new Pattern[] {AMBIGUOUS};
            case GROUPING_ERROR -> new Pattern[] {GROUPING};
            case UNDEFINED_FUNCTION -> new Pattern[] {FUNCTION};
            default -> new Pattern[0];
        };
        for (Pattern p : patterns) {
            Matcher m = p.matcher(message);
            if (!m.find()) {
                continue;
            }
            for (int g = 1; g <= m.groupCount(); g++) {
                String found = m.group(g);
                if (found != null) {
                    int dot = found.lastIndexOf('.');
                    return dot < 0 ? new String[] {null, found} : new String[] {found.substring(0, dot), found.substring(dot + 1)};
                }
            }
        }
        return new String[2];
    }

    static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }
}
