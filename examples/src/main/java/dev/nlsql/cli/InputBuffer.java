package dev.nlsql.cli;

import dev.nlsql.sql.SqlLexer;
import dev.nlsql.jdbc.TextKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The shell's query buffer, with psql's rule for when input is complete: SQL goes on across lines
 * until a {@code ;} that ends it (not one in a string, quoted name or comment: the driver's lexer
 * decides), a question ends at its newline (the driver's {@link TextKind} decides on the whole
 * buffer). A line may complete several statements ({@code SELECT 1; SELECT 2;}), split by
 * {@link SqlLexer#splitStatements}; what follows the last {@code ;} stays in the buffer.
 */
final class InputBuffer {

    private final StringBuilder pending = new StringBuilder();

    /** Adds one line (without its line end); returns the texts it completes, in order, without their {@code ;}. */
    List<String> add(String line) {
        pending.append(line).append('\n');
        List<String> out = new ArrayList<>();
        while (true) {
            String text = pending.toString();
            SqlLexer.Result lexed = SqlLexer.tokenize(text);
            if (lexed.tokens().isEmpty() && !lexed.unterminated()) { // blank or comments only
                pending.setLength(0);
                return out;
            }
            if (TextKind.of(text.strip()).kind() != TextKind.SQL) { // a question ends at its newline, ';' and all
                out.add(withoutSemicolon(text.strip()));
                pending.setLength(0);
                return out;
            }
            int end = -1;
            for (SqlLexer.Token t : lexed.tokens()) {
                if (t.isPunct(';')) {
                    end = t.end();
                }
            }
            if (end < 0) {
                return out; // SQL without its ';' yet: wait for more lines
            }
            out.addAll(SqlLexer.splitStatements(text.substring(0, end)));
            pending.delete(0, end); // the rest may be a question, or the start of the next statement
        }
    }

    /** The unterminated rest at end of input, as psql runs it when reading a file or a pipe; null if none. */
    String finish() {
        String text = pending.toString();
        pending.setLength(0);
        SqlLexer.Result lexed = SqlLexer.tokenize(text);
        return lexed.tokens().isEmpty() && !lexed.unterminated() ? null : text.strip();
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** The buffer as typed so far. */
    String text() {
        return pending.toString();
    }

    void clear() {
        pending.setLength(0);
    }

    /** True when the buffer ends inside a string, quoted name or comment: a line starting with {@code \} is then text. */
    boolean insideQuote() {
        return !pending.isEmpty() && SqlLexer.tokenize(pending.toString()).unterminated();
    }

    /**
     * psql's prompt: {@code nlsql> } at the start of a statement, {@code nlsql-# } when continuing one,
     * {@code '#}, {@code "#}, {@code $#}, {@code *#} inside a string, quoted name, dollar-quoted string or
     * comment, {@code (#} inside parentheses.
     */
    String prompt(String name) {
        if (pending.isEmpty()) {
            return name + "> ";
        }
        SqlLexer.Result lexed = SqlLexer.tokenize(pending.toString());
        char mark = '-';
        String problem = lexed.unterminated() ? lexed.problem() : "";
        if (problem.contains("dollar")) {
            mark = '$';
        } else if (problem.contains("quoted name")) {
            mark = '"';
        } else if (problem.contains("string")) {
            mark = '\'';
        } else if (problem.contains("comment")) {
            mark = '*';
        } else {
            int depth = 0;
            for (SqlLexer.Token t : lexed.tokens()) {
                depth += t.isPunct('(') ? 1 : t.isPunct(')') ? -1 : 0;
            }
            if (depth > 0) {
                mark = '(';
            }
        }
        return name + mark + "# ";
    }

    private static String withoutSemicolon(String text) {
        String t = text;
        while (t.endsWith(";")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        return t;
    }
}
