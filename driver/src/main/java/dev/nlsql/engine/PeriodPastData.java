package dev.nlsql.engine;

import dev.nlsql.internal.execute.QueryRunner;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.slf4j.Logger;

/**
 * After a count of 0 or no rows: a period that starts after the newest value of its date column. "How many orders this
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
        Map<String, TableInfo> tables = tables(p, catalog);
        return firstPast(p.getWhere(), tables, connection, readRole, timeoutSeconds);
    }

    private static String firstPast(Expression e, Map<String, TableInfo> tables, Connection connection, String readRole, int timeout) {
        if (e instanceof AndExpression and) {
            String left = firstPast(and.getLeftExpression(), tables, connection, readRole, timeout);
            return left != null ? left : firstPast(and.getRightExpression(), tables, connection, readRole, timeout);
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
        TableInfo t = c.getTable() == null || c.getTable().getName() == null
                ? tables.size() == 1 ? tables.values().iterator().next() : null
                : tables.get(c.getTable().getName().toLowerCase(Locale.ROOT));
        ColumnInfo column = t == null ? null : t.columnIgnoreCase(unquoted(c.getColumnName()));
        if (column == null || !column.isDate()) {
            return null;
        }
        String sql = "SELECT max(" + quoted(column.name()) + ") FROM " + quoted(t.schema()) + "." + quoted(t.name());
        try (ResultSet rs = QueryRunner.run(connection, true, readRole, sql, 1, timeout)) {
            Timestamp newest = rs.next() ? rs.getTimestamp(1) : null;
            if (newest != null && newest.toLocalDateTime().toLocalDate().isBefore(from)) {
                return "the newest " + t.name() + "." + column.name() + " is " + newest.toLocalDateTime().toLocalDate()
                        + ", before the period asked for (from " + from + "), so it has no rows yet";
            }
        } catch (SQLException ex) { // no doubt then: the answer stands as it was read
            LOG.debug("the newest {}.{} could not be read: {}", t.name(), column.name(), ex.getSQLState());
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

    /** The FROM clause's tables by alias and by name, lower case. */
    private static Map<String, TableInfo> tables(PlainSelect p, SchemaCatalog catalog) {
        Map<String, TableInfo> out = new HashMap<>();
        add(out, p.getFromItem(), catalog);
        if (p.getJoins() != null) {
            for (Join j : p.getJoins()) {
                add(out, j.getFromItem(), catalog);
            }
        }
        return out;
    }

    private static void add(Map<String, TableInfo> out, FromItem item, SchemaCatalog catalog) {
        if (!(item instanceof Table table)) {
            return;
        }
        TableInfo t = catalog.resolveAnyCase(table.getSchemaName() == null ? null : unquoted(table.getSchemaName()), unquoted(table.getName()));
        if (t == null) {
            return;
        }
        out.put(unquoted(table.getName()).toLowerCase(Locale.ROOT), t);
        if (table.getAlias() != null) {
            out.put(unquoted(table.getAlias().getName()).toLowerCase(Locale.ROOT), t);
        }
    }

    private static String unquoted(String name) {
        return name != null && name.length() > 1 && name.startsWith("\"") && name.endsWith("\"") ? name.substring(1, name.length() - 1) : name;
    }

    private static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
