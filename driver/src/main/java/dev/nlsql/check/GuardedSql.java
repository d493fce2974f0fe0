package dev.nlsql.check;

import java.util.Set;
import net.sf.jsqlparser.statement.select.Select;

/** A statement that passed {@link SqlGuard}: its text, its parse tree, the tables it reads and the names it uses. */
public record GuardedSql(String sql, Select ast, Set<TableRef> tables, QueryNames names) {
}
