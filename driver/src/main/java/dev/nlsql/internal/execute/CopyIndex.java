package dev.nlsql.internal.execute;

import java.util.Arrays;
import org.h2.command.query.AllColumnsForPlan;
import org.h2.engine.SessionLocal;
import org.h2.index.Cursor;
import org.h2.index.Index;
import org.h2.index.IndexType;
import org.h2.message.DbException;
import org.h2.result.Row;
import org.h2.result.SearchRow;
import org.h2.result.SortOrder;
import org.h2.table.IndexColumn;
import org.h2.table.Table;
import org.h2.table.TableFilter;

/**
 * An index of a local copy's table ({@code CopyTable}): the scan (the rows in load order) or a sorted index (the rows sorted by the indexed
 * columns with H2's own comparison, then by row key), searched by binary search. Costs are H2's own formula for its
 * scan and secondary indexes, so H2 plans a copy as it would plan its own tables.
 */
abstract class CopyIndex extends Index {

    private static final String READ_ONLY = "the local copies are read-only";

    /** What an index reads of its table; {@link CopyTable} implements it, so the index need not name its table. */
    interface Rows {
        /** The rows in load order, row {@code i} with key {@code i + 1}; the table is sealed. */
        Row[] rows();

        int size();
    }

    final Rows copy;

    private <T extends Table & Rows> CopyIndex(T copy, int id, String name, IndexColumn[] columns, int uniqueColumnCount, IndexType type) {
        super(copy, id, name, columns, uniqueColumnCount, type);
        this.copy = copy;
    }

    static <T extends Table & Rows> CopyIndex scan(T copy) {
        return new Scan(copy);
    }

    static <T extends Table & Rows> CopyIndex sorted(T copy, int id, String name, IndexColumn[] columns, int uniqueColumnCount, IndexType type) {
        checkIndexColumnTypes(columns);
        return new Sorted(copy, id, name, columns, uniqueColumnCount, type);
    }

    @Override
    public void close(SessionLocal session) {
        // nothing held outside the rows
    }

    @Override
    public void add(SessionLocal session, Row row) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public void remove(SessionLocal session, Row row) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public void remove(SessionLocal session) {
        // dropped with its table or database: nothing to free
    }

    @Override
    public void truncate(SessionLocal session) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public boolean needRebuild() {
        return false;
    }

    @Override
    public long getRowCount(SessionLocal session) {
        return copy.size();
    }

    @Override
    public long getRowCountApproximation(SessionLocal session) {
        return copy.size();
    }

    @Override
    public Row getRow(SessionLocal session, long key) {
        return table.getRow(session, key);
    }

    /** The rows in load order; never searched (H2 checks every condition on the rows it is given). */
    private static final class Scan extends CopyIndex {

        <T extends Table & Rows> Scan(T copy) {
            super(copy, copy.getId(), copy.getName() + "_DATA", IndexColumn.wrap(copy.getColumns()), 0, IndexType.createScan(false));
        }

        @Override
        public Cursor find(SessionLocal session, SearchRow first, SearchRow last, boolean reverse) {
            Row[] rows = copy.rows();
            return new RowCursor(rows, 0, rows.length, reverse);
        }

        @Override
        public double getCost(SessionLocal session, int[] masks, TableFilter[] filters, int filter, SortOrder sortOrder,
                AllColumnsForPlan allColumnsSet, boolean isSelectCommand) {
            return 10 * getCostRangeIndex(masks, copy.size(), filters, filter, sortOrder, true, allColumnsSet, isSelectCommand);
        }

        @Override
        public String getCreateSQL() {
            return null; // part of its table, as H2's scan index is
        }
    }

    /** The rows sorted by the indexed columns (ties by row key); a search is the range between two binary searches. */
    private static final class Sorted extends CopyIndex {

        private final Row[] sorted;

        <T extends Table & Rows> Sorted(T copy, int id, String name, IndexColumn[] columns, int uniqueColumnCount, IndexType type) {
            super(copy, id, name, columns, uniqueColumnCount, type);
            sorted = copy.rows().clone();
            Arrays.sort(sorted, (a, b) -> {
                int c = compareRows(a, b);
                return c != 0 ? c : Long.compare(a.getKey(), b.getKey());
            });
        }

        /**
         * The rows from {@code first} to {@code last}, both inclusive (null: open), in index order; reversed, H2
         * passes the upper bound as {@code first}. A bound compares on the columns it has a value for.
         */
        @Override
        public Cursor find(SessionLocal session, SearchRow first, SearchRow last, boolean reverse) {
            SearchRow low = reverse ? last : first;
            SearchRow high = reverse ? first : last;
            int from = low == null ? 0 : firstAtLeast(low);
            int to = high == null ? sorted.length : firstAbove(high);
            return new RowCursor(sorted, from, Math.max(from, to), reverse);
        }

        private int firstAtLeast(SearchRow bound) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (compareRows(sorted[mid], bound) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        private int firstAbove(SearchRow bound) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (compareRows(sorted[mid], bound) <= 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        @Override
        public double getCost(SessionLocal session, int[] masks, TableFilter[] filters, int filter, SortOrder sortOrder,
                AllColumnsForPlan allColumnsSet, boolean isSelectCommand) {
            return 10 * getCostRangeIndex(masks, copy.size(), filters, filter, sortOrder, false, allColumnsSet, isSelectCommand);
        }
    }

    /** Rows {@code from} (inclusive) to {@code to} (exclusive) of an array, forwards or backwards. */
    private static final class RowCursor implements Cursor {

        private final Row[] rows;
        private final int from;
        private final int to;
        private final boolean reverse;
        private int at;
        private Row current;

        RowCursor(Row[] rows, int from, int to, boolean reverse) {
            this.rows = rows;
            this.from = from;
            this.to = to;
            this.reverse = reverse;
            this.at = reverse ? to : from - 1;
        }

        @Override
        public Row get() {
            return current;
        }

        @Override
        public SearchRow getSearchRow() {
            return current;
        }

        @Override
        public boolean next() {
            at += reverse ? -1 : 1;
            current = at >= from && at < to ? rows[at] : null;
            return current != null;
        }

        @Override
        public boolean previous() {
            throw DbException.getUnsupportedException("previous");
        }
    }
}
