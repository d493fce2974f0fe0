package dev.nlsql.jdbc;

import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Trace;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import javax.sql.rowset.CachedRowSet;
import javax.sql.rowset.RowSetMetaDataImpl;
import javax.sql.rowset.RowSetProvider;

/**
 * A trace as rows, for {@code EXPLAIN NL <question>}: one row per attempt. The contract's columns
 * come first; then {@code database} (where the attempt ran: main, an attached source, or local), since {@code source}
 * already names where the SQL came from, and {@code question}: the question the attempts answered, which for a follow-up
 * ({@code and in 2023?}) is the standalone question it was read as; last {@code stages}: the question's milliseconds
 * per stage on one line (the same on every row, as the question is), e.g. {@code linking 0.310, generate 2.051, ...
 * of 3.004 ms}; and {@code interpretation}: on the answering attempt's row, how the question was read, in words, from its
 * SQL ({@link Trace#interpretation()}), null on the others. A question that failed (declined before any SQL, or every
 * attempt failed) ends with one more row, outcome {@code declined}: its SQLSTATE in {@code category} and its message in
 * {@code error}, since every decline's HINT points here.
 */
final class TraceRows {

    private static final String[] COLUMNS = {"attempt", "source", "outcome", "category", "sql", "error", "feedback", "ms",
        "input_tokens", "output_tokens", "database", "question", "stages", "interpretation"};

    private TraceRows() {
    }

    static ResultSet of(Trace trace) throws SQLException {
        CachedRowSet rows = RowSetProvider.newFactory().createCachedRowSet();
        RowSetMetaDataImpl md = new RowSetMetaDataImpl();
        md.setColumnCount(COLUMNS.length);
        for (int i = 0; i < COLUMNS.length; i++) {
            boolean number = i == 0 || i >= 7 && i <= 9;
            md.setColumnName(i + 1, COLUMNS[i]);
            md.setColumnLabel(i + 1, COLUMNS[i]);
            md.setColumnType(i + 1, number ? Types.BIGINT : Types.VARCHAR);
            md.setColumnTypeName(i + 1, number ? "int8" : "text");
            md.setNullable(i + 1, number ? ResultSetMetaDataNullable.NO : ResultSetMetaDataNullable.YES);
        }
        rows.setMetaData(md);
        String answered = trace.resolvedQuestion() == null ? trace.question() : trace.resolvedQuestion();
        int answering = -1; // the last attempt whose SQL answered (an empty answer kept may precede later attempts)
        for (Attempt a : trace.attempts()) {
            answering = trace.success() && a.sql() != null && a.sql().equals(trace.finalSql()) ? a.number() : answering;
        }
        for (Attempt a : trace.attempts()) {
            rows.moveToInsertRow();
            rows.updateLong(1, a.number());
            rows.updateString(2, a.source().label());
            rows.updateString(3, a.outcome().label());
            rows.updateString(4, a.categoryLabel());
            rows.updateString(5, a.sql());
            rows.updateString(6, a.error());
            rows.updateString(7, a.feedback());
            rows.updateLong(8, a.millis());
            rows.updateLong(9, a.inputTokens());
            rows.updateLong(10, a.outputTokens());
            rows.updateString(11, a.database());
            rows.updateString(12, answered);
            rows.updateString(13, trace.stagesLine());
            rows.updateString(14, a.number() == answering ? trace.interpretation() : null);
            rows.insertRow();
        }
        if (!trace.success() && trace.sqlState() != null) {
            declined(rows, trace, answered);
        }
        rows.moveToCurrentRow();
        rows.beforeFirst();
        return rows;
    }

    /** The row of a failed question: after its attempts, with no SQL of its own. */
    private static void declined(CachedRowSet rows, Trace trace, String answered) throws SQLException {
        rows.moveToInsertRow();
        rows.updateLong(1, trace.attempts().size() + 1L);
        rows.updateNull(2);
        rows.updateString(3, "declined");
        rows.updateString(4, trace.sqlState());
        rows.updateNull(5);
        rows.updateString(6, trace.error());
        rows.updateNull(7);
        rows.updateLong(8, 0);
        rows.updateLong(9, 0);
        rows.updateLong(10, 0);
        rows.updateNull(11);
        rows.updateString(12, answered);
        rows.updateString(13, trace.stagesLine());
        rows.updateNull(14); // no SQL answered: nothing to read
        rows.insertRow();
    }

    /** The nullability constants of ResultSetMetaData, named for readability above. */
    private static final class ResultSetMetaDataNullable {
        static final int NO = java.sql.ResultSetMetaData.columnNoNulls;
        static final int YES = java.sql.ResultSetMetaData.columnNullable;
    }
}
