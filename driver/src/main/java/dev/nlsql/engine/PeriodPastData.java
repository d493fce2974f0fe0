package dev.nlsql.engine;

import dev.nlsql.internal.diagnose.QueryTables;
import dev.nlsql.internal.execute.QueryRunner;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.slf4j.Logger;

/**
 * After a count of 0: a period that starts after the newest value of its date column. "How many orders this
 * month" on data that ends two years ago is a true 0 the user may not mean; the answer says so, and is not "high".
 */
final class PeriodPastData {

    private static final Logger LOG = dev.nlsql.internal.log.Logs.get(PeriodPastData.class);

    private PeriodPastData() {
    }

    /**
     * The doubt, or null: the first lower bound ({@code col >= DATE 'd'}, ANDed in the WHERE) later than the newest value of
     * its column, read with one {@code max()} as the read role, read-only, within the statement timeout. PostgreSQL only.
     */
    static String doubt(Select parsed, SchemaCatalog catalog, Connection connection, String readRole, int timeoutSeconds) {
        if (!(parsed instanceof PlainSelect p) || p.getWhere() == null) {
            return null;
        }
        return firstPast(p.getWhere(), QueryTables.of(p, catalog), catalog, connection, readRole, timeoutSeconds);
    }

    private static String firstPast(Expression e, QueryTables tables, SchemaCatalog catalog, Connection connection, String readRole,
            int timeout) {
        if (e instanceof AndExpression and) {
            String left = firstPast(and.getLeftExpression(), tables, catalog, connection, readRole, timeout);
            return left != null ? left : firstPast(and.getRightExpression(), tables, catalog, connection, readRole, timeout);
        }
        Expression left;
        Expression right;
        if (e instanceof GreaterThanEquals g) {
            left = g.getLeftExpression();
            right = g.getRightExpression();
        } else if (e instanceof GreaterThan g) {
            left = g.getLeftExpression();
            right = g.getRightExpression();
        } else {
            return null;
        }
        LocalDate from = date(right);
        if (!(left instanceof Column c) || from == null) {
            return null;
        }
        TableInfo t = tables.tableOf(c);
        ColumnInfo column = tables.columnOf(c);
        if (column == null || !column.isDate()) {
            return null;
        }
        String sql = "SELECT max(" + SchemaRenderer.columnOf(catalog, t, column) + ") FROM " + SchemaRenderer.nameOf(catalog, t);
        try (ResultSet rs = QueryRunner.run(connection, true, readRole, sql, 1, timeout)) {
            Timestamp newest = rs.next() ? rs.getTimestamp(1) : null;
            if (newest != null && newest.toLocalDateTime().toLocalDate().isBefore(from)) {
                return "the newest " + t.name() + "." + column.name() + " is " + newest.toLocalDateTime().toLocalDate()
                        + ", before the period asked for (from " + from + "), so it has no rows yet";
            }
        } catch (SQLException ex) { // no doubt then: the answer stands as it was read
            LOG.debug("the newest value of a bounded date column could not be read: {}", ex.getSQLState());
        }
        return null;
    }

    private static LocalDate date(Expression e) {
        if (e instanceof CastExpression cast && cast.getLeftExpression() instanceof StringValue) { // DATE '2025-06-01'
            e = cast.getLeftExpression();
        }
        String text = e instanceof DateTimeLiteralExpression d ? d.getValue() : e instanceof StringValue s ? s.getValue() : null;
        if (text == null) {
            return null;
        }
        text = text.replace("'", "").strip();
        try {
            return LocalDate.parse(text.length() >= 10 ? text.substring(0, 10) : text);
        } catch (DateTimeParseException ex) {
            return null;
        }
    }
}
