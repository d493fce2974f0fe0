package dev.nlsql.internal.diagnose;

import dev.nlsql.ErrorCategory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ErrorClassifierTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // PostgreSQL
        "42P01|0|relation \"vehicles\" does not exist|TABLE_NOT_FOUND",
        "42703|0|column c.modle does not exist|COLUMN_NOT_FOUND",
        "42702|0|column reference \"id\" is ambiguous|AMBIGUOUS_COLUMN",
        "42803|0|column \"cars.model\" must appear in the GROUP BY clause or be used in an aggregate function|GROUPING_ERROR",
        "42601|0|syntax error at or near \"FROM\"|SYNTAX_ERROR",
        "42883|0|operator does not exist: text = integer|TYPE_MISMATCH",
        "42883|0|function date_trunc(unknown, integer) does not exist|UNDEFINED_FUNCTION",
        "22007|0|invalid input syntax for type date: \"yesterday-ish\"|DATETIME_FORMAT",
        "22P02|0|invalid input syntax for type integer: \"abc\"|TYPE_MISMATCH",
        "22012|0|division by zero|DIVISION_BY_ZERO",
        "57014|0|canceling statement due to statement timeout|TIMEOUT",
        "42501|0|permission denied for table salaries|PERMISSION_DENIED",
        "08006|0|An I/O error occurred while sending to the backend|CONNECTION",
        "53200|0|out of memory|RESOURCE",
        "25006|0|cannot execute DELETE in a read-only transaction|UNSAFE",
        // H2
        "42S02|42102|Table \"VEHICLES\" not found|TABLE_NOT_FOUND",
        "42S22|42122|Column \"MODLE\" not found|COLUMN_NOT_FOUND",
        "90059|90059|Ambiguous column name \"ID\"|AMBIGUOUS_COLUMN",
        "90016|90016|Column \"MODEL\" must be in the GROUP BY list|GROUPING_ERROR",
        "90022|90022|Function \"DATE_TRUNCATE\" not found|UNDEFINED_FUNCTION",
        // MySQL / MariaDB
        "42S02|1146|Table 'shop.vehicles' doesn't exist|TABLE_NOT_FOUND",
        "42S22|1054|Unknown column 'modle' in 'field list'|COLUMN_NOT_FOUND",
        "23000|1052|Column 'id' in field list is ambiguous|AMBIGUOUS_COLUMN",
        "42000|1055|Expression #2 of SELECT list is not in GROUP BY clause|GROUPING_ERROR",
        "42000|1064|You have an error in your SQL syntax|SYNTAX_ERROR",
        "42000|1142|SELECT command denied to user|PERMISSION_DENIED",
        "HY000|3024|Query execution was interrupted, maximum statement execution time exceeded|TIMEOUT"
    })
    void mapsStateCodeAndMessage(String state, int code, String message, ErrorCategory expected) {
        assertEquals(expected, ErrorClassifier.classify(new SQLException(message, state, code)).category(), message);
    }

    @Test
    void pullsOutTheNameAtFault() {
        Diagnosis d = ErrorClassifier.classify(new SQLException("ERROR: column c.modle does not exist\n  Position: 8", "42703"));
        assertEquals("modle", d.name());
        assertEquals("c", d.qualifier());
        assertEquals("ERROR: column c.modle does not exist", d.message());
        Diagnosis g = ErrorClassifier.classify(new SQLException("column \"cars.model\" must appear in the GROUP BY clause", "42803"));
        assertEquals("model", g.name());
        assertEquals("cars", g.qualifier());
        assertEquals("modle", ErrorClassifier.classify(new SQLException("Unknown column 'modle' in 'field list'", "42S22", 1054)).name());
    }

    @Test
    void timeoutsByTypeAndRetryability() {
        assertEquals(ErrorCategory.TIMEOUT, ErrorClassifier.classify(new SQLTimeoutException("timed out")).category());
        assertFalse(ErrorCategory.PERMISSION_DENIED.retryable());
        assertFalse(ErrorCategory.CONNECTION.retryable());
        assertFalse(ErrorCategory.RESOURCE.retryable());
        assertTrue(ErrorCategory.COLUMN_NOT_FOUND.retryable());
    }
}
