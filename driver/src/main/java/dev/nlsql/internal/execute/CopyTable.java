package dev.nlsql.internal.execute;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.h2.command.ddl.CreateTableData;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.index.IndexType;
import org.h2.message.DbException;
import org.h2.result.DefaultRow;
import org.h2.result.Row;
import org.h2.table.IndexColumn;
import org.h2.table.TableBase;
import org.h2.table.TableType;
import org.h2.value.Value;

/**
 * A local copy's table ({@link CopyTableEngine}): its rows in one array, appended by the load and then sealed; an
 * index is the same rows in sorted order ({@link CopyIndex}). Nothing SQL runs can change it: inserts, updates,
 * deletes, truncation and ALTER are refused whoever sends them.
 */
final class CopyTable extends TableBase implements CopyIndex.Rows {

    private static final String READ_ONLY = "the local copies are read-only";

    private Row[] rows = new Row[256];
    private int size;
    /** Set once the rows are in (by the load, or by the first index): no row is appended after. */
    private volatile boolean sealed;
    private volatile long modificationId;
    private final List<Index> indexes = new ArrayList<>(2);
    private final CopyIndex scan;

    CopyTable(CreateTableData data) {
        super(data);
        scan = CopyIndex.scan(this);
        indexes.add(scan);
    }

    /** Appends one row of values already converted to the columns' types. */
    void append(Value[] values) {
        if (sealed) {
            throw new IllegalStateException("rows are appended to a local copy only while it loads");
        }
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, size * 2);
        }
        Row row = createRow(values, DefaultRow.MEMORY_CALCULATE);
        row.setKey(size + 1L);
        rows[size++] = row;
    }

    /** Ends the load: the rows are final from here on. */
    void seal() {
        if (!sealed) {
            rows = Arrays.copyOf(rows, size);
            modificationId = getDatabase().getNextModificationDataId();
            sealed = true;
        }
    }

    @Override
    public Row[] rows() {
        seal();
        return rows;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Index addIndex(SessionLocal session, String indexName, int indexId, IndexColumn[] cols, int uniqueColumnCount,
            IndexType indexType, boolean create, String indexComment) {
        if (indexType.isPrimaryKey() || indexType.isUnique() || indexType.isSpatial()) {
            throw DbException.getUnsupportedException(READ_ONLY + ": only plain indexes");
        }
        CopyIndex index = CopyIndex.sorted(this, indexId, indexName, cols, uniqueColumnCount, indexType);
        index.setTemporary(isTemporary());
        if (getId() != 0 && index.getCreateSQL() != null) {
            index.setComment(indexComment);
            getDatabase().addSchemaObject(session, index);
        }
        indexes.add(index);
        return index;
    }

    @Override
    public Row getRow(SessionLocal session, long key) {
        return key >= 1 && key <= size ? rows[(int) key - 1] : null;
    }

    @Override
    public void addRow(SessionLocal session, Row row) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public void removeRow(SessionLocal session, Row row) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public void updateRow(SessionLocal session, Row oldRow, Row newRow) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public long truncate(SessionLocal session) {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public void checkSupportAlter() {
        throw DbException.getUnsupportedException(READ_ONLY);
    }

    @Override
    public boolean canTruncate() {
        return false;
    }

    @Override
    public void close(SessionLocal session) {
        // the rows go with the in-memory database
    }

    @Override
    public TableType getTableType() {
        return TableType.TABLE;
    }

    @Override
    public Index getScanIndex(SessionLocal session) {
        return scan;
    }

    @Override
    public List<Index> getIndexes() {
        return indexes;
    }

    @Override
    public long getMaxDataModificationId() {
        return modificationId;
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }

    @Override
    public boolean canGetRowCount(SessionLocal session) {
        return true;
    }

    @Override
    public boolean canDrop() {
        return true;
    }

    @Override
    public long getRowCount(SessionLocal session) {
        return size;
    }

    @Override
    public long getRowCountApproximation(SessionLocal session) {
        return size;
    }
}
