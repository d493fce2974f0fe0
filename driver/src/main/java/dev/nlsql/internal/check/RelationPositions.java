package dev.nlsql.internal.check;

import dev.nlsql.sql.SqlLexer;

import dev.nlsql.sql.SqlLexer.Token;
import dev.nlsql.sql.SqlLexer.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The relation names a statement's tokens put where PostgreSQL reads a relation: after FROM,
 * JOIN, ONLY and TABLE, and after a comma of a FROM list. This reading needs no parser, so it
 * cross-checks JSqlParser's tree: a relation the tree missed is still resolved and checked.
 * Names defined as CTEs ({@code name AS (}) anywhere in the statement are left out.
 */
final class RelationPositions {

    private static final Set<String> FROM_LIST_ENDS = Set.of("where", "group", "having", "window", "order", "limit", "offset",
            "fetch", "union", "intersect", "except", "for", "returning", "select", "values");
    private static final Set<String> SKIPPED_BEFORE_NAME = Set.of("only", "lateral");
    /** Calls whose arguments use FROM without naming a relation: extract(year FROM d), substring(s FROM 2). */
    private static final Set<String> FROM_IN_ARGUMENTS = Set.of("extract", "substring", "trim", "overlay", "position", "substr");

    private RelationPositions() {
    }

    /** Each relation as written (parts joined with '.'), in order of appearance. */
    static List<String> of(List<Token> tokens) {
        Set<String> ctes = cteNames(tokens);
        Set<String> out = new LinkedHashSet<>();
        List<Boolean> inFrom = new ArrayList<>();
        List<Boolean> fromInArguments = new ArrayList<>();
        inFrom.add(false);
        fromInArguments.add(false);
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            int depth = inFrom.size() - 1;
            if (t.isPunct('(')) {
                inFrom.add(false);
                fromInArguments.add(i > 0 && tokens.get(i - 1).type() == Type.WORD
                        && FROM_IN_ARGUMENTS.contains(tokens.get(i - 1).text().toLowerCase(Locale.ROOT)));
                continue;
            }
            if (t.isPunct(')')) {
                if (depth > 0) {
                    inFrom.remove(depth);
                    fromInArguments.remove(depth);
                }
                continue;
            }
            boolean position = false;
            if (t.type() == Type.WORD) {
                String w = t.text().toLowerCase(Locale.ROOT);
                boolean distinctFrom = i > 0 && tokens.get(i - 1).isWord("distinct");
                if (w.equals("from") && !fromInArguments.get(depth) && !distinctFrom) {
                    inFrom.set(depth, true);
                    position = true;
                } else if (w.equals("join") || w.equals("table")) {
                    position = true;
                } else if (FROM_LIST_ENDS.contains(w)) {
                    inFrom.set(depth, false);
                }
            } else if (t.isPunct(',') && inFrom.get(depth)) {
                position = true;
            }
            if (position) {
                String name = nameAt(tokens, i + 1);
                if (name != null && !(name.indexOf('.') < 0 && ctes.contains(SqlLexer.foldIdentifier(name)))) {
                    out.add(name);
                }
            }
        }
        return List.copyOf(out);
    }

    /** The dotted name starting at {@code i} (past ONLY / LATERAL), or null when none starts there or it is a call. */
    private static String nameAt(List<Token> tokens, int i) {
        while (i < tokens.size() && tokens.get(i).type() == Type.WORD && SKIPPED_BEFORE_NAME.contains(tokens.get(i).text().toLowerCase(Locale.ROOT))) {
            i++;
        }
        if (i >= tokens.size() || !isName(tokens.get(i))) {
            return null;
        }
        StringBuilder b = new StringBuilder(tokens.get(i).text());
        int j = i + 1;
        while (j + 1 < tokens.size() && tokens.get(j).isPunct('.') && isName(tokens.get(j + 1))) {
            b.append('.').append(tokens.get(j + 1).text());
            j += 2;
        }
        if (j < tokens.size() && tokens.get(j).isPunct('(')) {
            return null; // a function in FROM: the function rules judge it
        }
        return b.toString();
    }

    /** Names followed by {@code AS (}, {@code AS MATERIALIZED (} or {@code (columns) AS (}: CTE definitions. */
    private static Set<String> cteNames(List<Token> tokens) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i + 2 < tokens.size(); i++) {
            if (!isName(tokens.get(i))) {
                continue;
            }
            int j = i + 1;
            if (tokens.get(j).isPunct('(')) {
                int depth = 0;
                while (j < tokens.size()) {
                    depth += tokens.get(j).isPunct('(') ? 1 : tokens.get(j).isPunct(')') ? -1 : 0;
                    j++;
                    if (depth == 0) {
                        break;
                    }
                }
            }
            if (j < tokens.size() && tokens.get(j).isWord("as")) {
                j++;
                while (j < tokens.size() && (tokens.get(j).isWord("not") || tokens.get(j).isWord("materialized"))) {
                    j++;
                }
                if (j < tokens.size() && tokens.get(j).isPunct('(')) {
                    names.add(SqlLexer.foldIdentifier(tokens.get(i).text()));
                }
            }
        }
        return names;
    }

    private static boolean isName(Token t) {
        return t.type() == Type.WORD || t.type() == Type.QUOTED_IDENT;
    }
}
