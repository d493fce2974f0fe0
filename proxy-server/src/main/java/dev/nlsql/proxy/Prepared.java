package dev.nlsql.proxy;

import dev.nlsql.jdbc.TextKind;
import java.sql.PreparedStatement;

/** A statement made by Parse. */
final class Prepared {
    final String query;
    final int[] paramOids;
    final boolean question;
    final String jdbcSql;
    final int[] paramOrder;
    PreparedStatement statement;
    /** The column types the client was last told by a Describe (empty for NoData), null before any. */
    int[] describedOids;
    /** The backend has parsed it (or it needs no parsing there): its ParseComplete is not held back. */
    boolean confirmed;
    /** The parameter types the backend infers, asked for the first time a parameter of type 0 comes in binary. */
    int[] inferredOids;

    Prepared(String query, int[] paramOids, boolean sqlGuarded) {
        this.query = query;
        this.paramOids = paramOids;
        this.question = !query.isBlank() && TextKind.of(query).kind() != TextKind.SQL;
        this.confirmed = question || query.isBlank();
        ParameterMarkers.Translation t = ParameterMarkers.toJdbc(query, sqlGuarded);
        this.jdbcSql = t.sql();
        this.paramOrder = t.order();
    }
}
