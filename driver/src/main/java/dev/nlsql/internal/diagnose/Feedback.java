package dev.nlsql.internal.diagnose;

import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.NameCandidates.Candidate;
import dev.nlsql.internal.schema.NameCandidates.Scope;
import java.util.List;
import java.util.stream.Collectors;

/** One short correction per error category, naming the exact fix rather than "try again". */
public final class Feedback {

    private Feedback() {
    }

    public static String forDiagnosis(Diagnosis d, int timeoutSeconds) {
        String name = d.qualifier() == null || d.name() == null ? d.name() : d.qualifier() + "." + d.name();
        return switch (d.category()) {
            case TABLE_NOT_FOUND -> "Table " + quote(name) + " does not exist. " + choices("Use one of these tables", d.candidates(), false);
            case COLUMN_NOT_FOUND -> "Column " + quote(name) + " does not exist. " + columnChoices(d);
            case AMBIGUOUS_COLUMN -> "Column " + quote(d.name()) + " is in more than one joined table: qualify it with one of "
                    + (d.candidates().isEmpty() ? "the table aliases" : join(d.candidates(), true)) + ".";
            case GROUPING_ERROR -> "Column " + quote(name) + " is selected but neither grouped nor aggregated. Keep every "
                    + "aggregate as it is and add " + quote(name) + " (and every other selected column that is not inside an "
                    + "aggregate) to GROUP BY.";
            case SYNTAX_ERROR -> "The SQL does not parse" + detail(d) + ". Write one complete, valid query.";
            case TYPE_MISMATCH -> "Types do not match" + detail(d) + ". Cast explicitly (col::numeric, col::text, "
                    + "col::date) or compare with a literal of the column's type.";
            case DATETIME_FORMAT -> "Bad date or time" + detail(d) + ". Use ISO literals such as DATE '2024-01-31' or "
                    + "TIMESTAMP '2024-01-31 00:00:00', and date_trunc or INTERVAL for ranges.";
            case DIVISION_BY_ZERO -> "Division by zero. Wrap every divisor as NULLIF(divisor, 0).";
            case UNDEFINED_FUNCTION -> "No such function for these argument types" + detail(d) + ". Use a function this "
                    + "database has, or cast the arguments.";
            case TIMEOUT -> "The query ran longer than " + timeoutSeconds + " s. Filter before joining, avoid cross joins, "
                    + "aggregate before joining large tables.";
            case UNSAFE -> "Refused" + detail(d) + ". Only one read-only query is allowed (SELECT or WITH ... SELECT; "
                    + "use a CTE instead of several statements), with no changes, locks or side-effect functions.";
            case NO_SQL -> "The reply had no SQL in it. Reply with one SQL query only, without prose.";
            case EMPTY_RESULT -> "The query returned no rows. Check the filter values (spelling, case: compare text with "
                    + "ILIKE), date ranges and join conditions. If no rows is the right answer, return the same query.";
            case TOO_MANY_ROWS -> "Too many rows for the local join" + detail(d) + ".";
            case PERMISSION_DENIED, CONNECTION, RESOURCE, UNKNOWN -> d.message() == null
                    ? "The database refused the query" + (d.sqlState() == null || d.sqlState().isBlank() ? "" : " (SQLSTATE " + d.sqlState() + ")") + "."
                    : "The database said: " + d.message() + ".";
        };
    }

    /** ": message", or without a message (withheld from the model) ": name" or nothing. */
    private static String detail(Diagnosis d) {
        if (d.message() != null) {
            return ": " + d.message();
        }
        return d.name() == null ? "" : ": " + quote(d.name());
    }

    private static String choices(String lead, List<Candidate> candidates, boolean qualified) {
        if (candidates.isEmpty()) {
            return "Use only names listed in the schema.";
        }
        return lead + ": " + join(candidates, qualified) + ".";
    }

    /**
     * The ranked candidates, and when none of them is sure (see {@link NameCandidates#scope}) the
     * columns in scope: instead of the candidates when none is even close, else after them.
     */
    private static String columnChoices(Diagnosis d) {
        Scope scope = d.scope() == null ? Scope.NONE : d.scope();
        if (scope.isEmpty()) {
            return choices("The closest real columns, most likely first", d.candidates(), true);
        }
        if (!NameCandidates.close(d.candidates())) {
            return "No real column is close to it: choose from " + columns(scope) + ".";
        }
        return choices("The closest real columns, most likely first", d.candidates(), true)
                + " If none of these is meant, choose from " + columns(scope) + ".";
    }

    /** "the columns of orders: id, status", or qualified for several tables; a cut list says so. */
    private static String columns(Scope scope) {
        boolean oneTable = scope.columns().stream().map(Candidate::table).distinct().count() == 1;
        String names = scope.columns().stream().map(c -> oneTable ? c.name() : c.qualified()).collect(Collectors.joining(", "));
        String cut = scope.total() > scope.columns().size() ? ", ... (" + scope.columns().size() + " of " + scope.total() + " shown)" : "";
        return (oneTable ? "the columns of " + scope.columns().get(0).table() : "the columns of the query's tables") + ": " + names + cut;
    }

    private static String join(List<Candidate> candidates, boolean qualified) {
        return candidates.stream().map(c -> qualified ? c.qualified() : (c.table() == null ? c.name() : c.table() + "." + c.name()))
                .collect(Collectors.joining(", "));
    }

    private static String quote(String name) {
        return name == null ? "(unnamed)" : "\"" + name + "\"";
    }
}
