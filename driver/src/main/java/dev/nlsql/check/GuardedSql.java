package dev.nlsql.check;

import java.util.Set;
import net.sf.jsqlparser.statement.select.Select;

/** A statement that passed {@link SqlGuard}: its text, its parse tree and the tables it reads. */
public record GuardedSql(String sql, Select ast, Set<TableRef> tables) {
}
