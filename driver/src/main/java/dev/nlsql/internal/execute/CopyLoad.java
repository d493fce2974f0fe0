package dev.nlsql.internal.execute;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.message.DbException;
import org.h2.table.Column;
import org.h2.value.Value;
import org.h2.value.ValueNumeric;
import org.h2.value.ValueToObjectConverter;

/**
 * One load into a {@link CopyTable}: each row's values converted as H2 converts a parameter for an insert, then
 * appended; closing seals the table. A class of its own so that {@link LocalCopy} loads without H2 on the class path
 * (the -all jar has none): this one names H2's internals.
 */
final class CopyLoad implements AutoCloseable {

    private final SessionLocal session;
    private final CopyTable table;
    private final Column[] columns;
    /** Per column: whether its numbers keep their own scale (an unconstrained NUMERIC), as PostgreSQL's do. */
    private final boolean[] ownScale;

    private CopyLoad(SessionLocal session, CopyTable table, boolean[] ownScale) {
        this.session = session;
        this.table = table;
        this.columns = table.getColumns();
        this.ownScale = ownScale.clone();
    }

    /** The load of table {@code name} (created with {@link CopyTableEngine}) through the administrator's connection. */
    static CopyLoad into(Connection admin, String name, boolean[] ownScale) throws SQLException {
        SessionLocal session = (SessionLocal) admin.unwrap(JdbcConnection.class).getSession();
        try {
            return new CopyLoad(session, (CopyTable) session.getDatabase().getSchema(session.getCurrentSchemaName())
                    .getTableOrView(session, name.toLowerCase(Locale.ROOT)), ownScale);
        } catch (DbException e) {
            throw DbException.toSQLException(e);
        }
    }

    /** Appends one row of plain JDBC values, one per column. */
    void append(Object[] row) throws SQLException {
        Value[] values = new Value[row.length];
        try {
            for (int i = 0; i < row.length; i++) {
                if (ownScale[i] && row[i] instanceof BigDecimal number) {
                    // PostgreSQL's numeric keeps each value's scale, and a sum the largest: not the column's 500 places
                    values[i] = ValueNumeric.get(number.scale() < 0 ? number.setScale(0) : number);
                    continue;
                }
                values[i] = ValueToObjectConverter.objectToValue(session, row[i], Value.UNKNOWN)
                        .convertForAssignTo(columns[i].getType(), session, columns[i]);
            }
        } catch (DbException e) {
            throw DbException.toSQLException(e);
        }
        table.append(values);
    }

    @Override
    public void close() {
        table.seal();
    }
}
