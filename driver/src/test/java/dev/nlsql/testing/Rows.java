package dev.nlsql.testing;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Result sets as text, for comparing answers row for row. */
public final class Rows {

    private Rows() {
    }

    /** Every value of every row as text ('|' between values, a line a row); closes the result set. */
    public static String text(ResultSet rs) throws SQLException {
        StringBuilder b = new StringBuilder();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    b.append(rs.getString(i)).append('|');
                }
                b.append('\n');
            }
        }
        return b.toString();
    }

    /** Every row as "a|b|c", a list entry a row; closes the result set. */
    public static java.util.List<String> lines(ResultSet rs) throws SQLException {
        java.util.List<String> out = new java.util.ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(i == 1 ? "" : "|").append(rs.getString(i));
                }
                out.add(b.toString());
            }
        }
        return out;
    }

    /** The first column of every row, as text; closes the result set. */
    public static java.util.List<String> column(ResultSet rs) throws SQLException {
        java.util.List<String> out = new java.util.ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
