package dev.nlsql.internal.sql;

import dev.nlsql.internal.sql.TableRef;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names a guarded query uses, for checking them against the catalog: column references
 * (with the qualifier they were written with), table aliases, and every name the query itself
 * defines (select-item aliases, CTE and subquery names, column lists), which are not catalog names.
 */
public record QueryNames(List<ColumnRef> columns, Map<String, TableRef> tableAliases, Set<String> definedNames) {

    /** A column reference as written; {@code quoted} names keep their case, others match any case. */
    public record ColumnRef(String qualifier, String name, boolean quoted) {
    }
}
