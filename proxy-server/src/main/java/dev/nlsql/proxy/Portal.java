package dev.nlsql.proxy;

import java.sql.ResultSet;
import java.util.List;
import java.util.Map;

/** A statement bound to parameters by Bind, with its rows once executed. */
final class Portal {
    final Prepared prepared;
    final String[] params;
    final boolean[] binaryBytea;
    final byte[][] raw;
    final short[] resultFormats;
    ResultSet rows;
    List<Messages.Column> columns;
    int[] oids;
    long sent;
    boolean done;
    /** The server's notices of a run at Describe: PostgreSQL sends them at Execute, after RowDescription. */
    List<Map<Character, String>> notices = List.of();

    Portal(Prepared prepared, String[] params, byte[][] raw, boolean[] binaryBytea, short[] resultFormats) {
        this.prepared = prepared;
        this.params = params;
        this.raw = raw;
        this.binaryBytea = binaryBytea;
        this.resultFormats = resultFormats;
    }
}
