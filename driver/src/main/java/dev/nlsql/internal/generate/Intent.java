package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.TableInfo;
import java.util.List;

/**
 * What a question asks, as the offline reader understood it, before any SQL is written: the
 * table the rows come from, what is computed over them, how they are grouped, filtered, dated,
 * ordered and cut. {@link IntentReader} builds it from the words; {@link SqlWriter} turns it into
 * SQL. Every column in it is already resolved to one table: an ambiguity is declined by the
 * reader and never reaches the writer.
 *
 * @param base        the table whose rows are counted, summed or listed
 * @param aggregate   COUNT, SUM, AVG, MIN, MAX, or null for rows
 * @param measure     the column aggregated or ranked by; null for COUNT or a plain list
 * @param groupTable  the table whose rows each get one result ("per customer"), or null
 * @param groupColumn the column grouped by ("per country"); null with a group table means its key and label
 * @param grain       a time bucket (day, week, month, quarter, year) to group by, or null
 * @param filters     column = value conditions
 * @param comparisons column &lt;op&gt; number conditions
 * @param dateFrom    inclusive start as an SQL expression, or null
 * @param dateTo      exclusive end as an SQL expression, or null
 * @param shown       columns to list
 * @param rankByMeasure whether rows of the base are ordered by the measure itself (no aggregate)
 * @param limit       how many rows, or null for all
 * @param descending  order of a ranking
 * @param distinct    whether listed rows are made distinct
 * @param joined      other tables the rows must have a match in ("customers who have made an order")
 * @param dateColumn  the date a date phrase is about ("hired after 1993": hire_date; "customers who placed an order in
 *                    2025": the order's date); set whenever there is a date phrase or a grain
 * @param measureExpression a glossary measure ("revenue": {@code SUM(order_items.unit_price * order_items.quantity)})
 *                    computed in place of {@code aggregate(measure)}, or null
 * @param conditions  glossary filters ("active customer": {@code customers.status = 'active'}) and yes/no columns said
 *                    of the rows ("electric bikes": {@code bikes.is_electric = TRUE})
 * @param questionWords the question's words, which pick one of two foreign keys between the same tables ("started"), and whether groups are containers ("in each tier")
 */
record Intent(TableInfo base, String aggregate, Column measure, TableInfo groupTable, ColumnInfo groupColumn, String grain,
        List<Filter> filters, List<Comparison> comparisons, String dateFrom, String dateTo, List<Column> shown,
        boolean rankByMeasure, Integer limit, boolean descending, boolean distinct, List<TableInfo> joined, Column dateColumn,
        Expression measureExpression, List<Expression> conditions, List<String> questionWords) {

    /** One column of one table. */
    record Column(TableInfo table, ColumnInfo column) {
        String sql() {
            return table.name() + "." + column.name();
        }
    }

    /** {@code column = value}. */
    record Filter(Column column, String value) {
    }

    /** {@code column op number}. */
    record Comparison(Column column, String op, double value) {
    }

    /** A glossary term's SQL (a measure or a condition), the name its result column gets, and the tables it reads. */
    record Expression(String sql, String name, List<TableInfo> tables) {
    }
}
