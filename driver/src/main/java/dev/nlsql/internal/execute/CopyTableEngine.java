package dev.nlsql.internal.execute;

import org.h2.api.TableEngine;
import org.h2.command.ddl.CreateTableData;
import org.h2.engine.Constants;
import org.h2.table.Table;

/**
 * H2's table engine for the local copies ({@code CREATE TABLE ... ENGINE}): tables that hold their rows in
 * an array ({@link CopyTable}), filled once by {@link LocalCopy#load} and read-only after. H2's own tables
 * (MVStore) keep every row in a copy-on-write B-tree with an undo log: loading 2 x 100,000 rows there
 * allocated 514 MB and took 0.6-2.5 s, mostly in garbage collection; here it allocates about 40 MB
 * (bench/engine-eval/join/RESULTS.md). Queries still run in H2's own executor, under every rule of the
 * local engine. Public with a public constructor because H2 creates it by name.
 */
public final class CopyTableEngine implements TableEngine {

    /**
     * Whether the H2 on the class path is the one these tables are written against (they implement H2's
     * internal table and index API, which changes between minor versions): 2.4.x. Another H2 gets its
     * own tables, as before.
     */
    static boolean fits() {
        try {
            return Constants.VERSION.startsWith("2.4.");
        } catch (LinkageError e) {
            return false;
        }
    }

    @Override
    public Table createTable(CreateTableData data) {
        return new CopyTable(data);
    }
}
