package dev.nlsql.jdbc;

import dev.nlsql.engine.Narration;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import javax.sql.rowset.CachedRowSet;
import javax.sql.rowset.RowSetMetaDataImpl;
import javax.sql.rowset.RowSetProvider;

/** A narration as one row, for {@code NARRATE NL <question>}: answer, confidence, why, sql, interpretation. */
final class NarrationRows {

    private static final String[] COLUMNS = {"answer", "confidence", "why", "sql", "interpretation"};

    private NarrationRows() {
    }

    static ResultSet of(Narration n) throws SQLException {
        CachedRowSet rows = RowSetProvider.newFactory().createCachedRowSet();
        RowSetMetaDataImpl md = new RowSetMetaDataImpl();
        md.setColumnCount(COLUMNS.length);
        for (int i = 0; i < COLUMNS.length; i++) {
            md.setColumnName(i + 1, COLUMNS[i]);
            md.setColumnLabel(i + 1, COLUMNS[i]);
            md.setColumnType(i + 1, Types.VARCHAR);
            md.setColumnTypeName(i + 1, "text");
            md.setNullable(i + 1, i >= 3 ? ResultSetMetaData.columnNullable : ResultSetMetaData.columnNoNulls);
        }
        rows.setMetaData(md);
        rows.moveToInsertRow();
        rows.updateString(1, n.answer());
        rows.updateString(2, n.confidence().label());
        rows.updateString(3, n.why());
        rows.updateString(4, n.sql());
        rows.updateString(5, n.interpretation());
        rows.insertRow();
        rows.moveToCurrentRow();
        rows.beforeFirst();
        return rows;
    }
}
