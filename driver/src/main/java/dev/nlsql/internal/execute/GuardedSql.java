package dev.nlsql.internal.execute;

import dev.nlsql.internal.sql.QueryNames;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.sql.TableRef;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import net.sf.jsqlparser.statement.select.Select;

/**
 * A statement that passed {@link SqlGuard}: the text that must run (comments removed, strings
 * canonical), its parse tree, the tables it reads and the names it uses. Only the guard makes one
 * (through its {@link Mint}), so code that takes a GuardedSql runs nothing the guard did not pass.
 */
public final class GuardedSql {

    private final String sql;
    private final Select ast;
    private final Set<TableRef> tables;
    private final QueryNames names;
    private final List<String> relationsAsWritten;
    private final SqlDialect dialect;

    /** Package-private: tests of what runs past the guard make theirs in this package. */
    GuardedSql(String sql, Select ast, Set<TableRef> tables, QueryNames names, List<String> relationsAsWritten,
            SqlDialect dialect) {
        this.sql = sql;
        this.ast = ast;
        this.tables = tables;
        this.names = names;
        this.relationsAsWritten = relationsAsWritten;
        this.dialect = dialect;
    }

    public String sql() {
        return sql;
    }

    public Select ast() {
        return ast;
    }

    public Set<TableRef> tables() {
        return tables;
    }

    public QueryNames names() {
        return names;
    }

    /** Every relation name the guard found (in the tree and in FROM positions of the text), spelled as written, for the database to resolve. */
    public List<String> relationsAsWritten() {
        return relationsAsWritten;
    }

    public SqlDialect dialect() {
        return dialect;
    }

    @Override
    public String toString() {
        return "GuardedSql[" + sql + "]";
    }

    /**
     * The one maker of GuardedSql outside this package. It is claimed once, by {@link SqlGuard} as it loads (this package
     * may not depend on the guard's, so the guard cannot be named here); a second claim fails, and an ArchUnit rule keeps
     * every other class from asking.
     */
    public static final class Mint {

        private static final AtomicBoolean CLAIMED = new AtomicBoolean();

        private Mint() {
        }

        public static Mint claim() {
            if (!CLAIMED.compareAndSet(false, true)) {
                throw new IllegalStateException("GuardedSql is made by SqlGuard only");
            }
            return new Mint();
        }

        public GuardedSql make(String sql, Select ast, Set<TableRef> tables, QueryNames names, List<String> relationsAsWritten,
                SqlDialect dialect) {
            return new GuardedSql(sql, ast, tables, names, relationsAsWritten, dialect);
        }
    }
}
