package dev.nlsql.internal.execute;

import dev.nlsql.internal.sql.QueryNames;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.sql.TableRef;

import java.util.List;
import java.util.Set;
import net.sf.jsqlparser.statement.select.Select;

/**
 * A statement that passed {@link SqlGuard}: the text that must run (comments removed, strings
 * canonical), its parse tree, the tables it reads and the names it uses.
 *
 * @param relationsAsWritten every relation name the guard found (in the tree and in FROM
 *                           positions of the text), spelled as written, for the database to resolve
 */
public record GuardedSql(String sql, Select ast, Set<TableRef> tables, QueryNames names, List<String> relationsAsWritten,
        SqlDialect dialect) {
}
