package dev.nlsql.internal.check;

import static dev.nlsql.internal.check.GuardRejection.shorten;

import dev.nlsql.sql.StatementKind;
import dev.nlsql.internal.sql.QueryNames;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.internal.sql.NameCase;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.sql.SqlParsing;
import dev.nlsql.internal.sql.TableRef;
import dev.nlsql.sql.LexRules;
import dev.nlsql.sql.SqlLexer;

import dev.nlsql.internal.check.GuardRejection.Rule;
import dev.nlsql.sql.SqlLexer.Token;
import dev.nlsql.sql.SqlLexer.Type;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The safety check every guarded statement passes before it reaches the database. It accepts
 * exactly one read-only query and rejects everything else, naming the rule and the fragment.
 *
 * <p>Two independent passes must both agree:
 * <ol>
 *   <li>a lexical pass over PostgreSQL's own view of the text ({@link SqlLexer}): one statement,
 *       starting like a query, no denied function call, no INTO, no FOR UPDATE/SHARE, no DML;</li>
 *   <li>a pass over the whole JSqlParser tree (every field of every node, so no clause can be
 *       missed by an incomplete visitor): a query, no SELECT INTO, no locking, no writable CTE,
 *       no denied function, and only allowed tables, with CTE names resolved by scope.</li>
 * </ol>
 * The lexical pass closes the gaps where JSqlParser reads strings or comments differently
 * from PostgreSQL (nested comments, backslashes); the tree pass closes the gaps of the lexer.
 */
public final class SqlGuard {

    private static final int MAX_TREE_DEPTH = 400;
    /** MySQL words that lock, run procedures or open handlers inside a SELECT. */
    private static final Set<String> MYSQL_REFUSED_WORDS = Set.of("lock", "procedure", "handler", "outfile", "dumpfile");
    private final GuardPolicy policy;

    public SqlGuard(GuardPolicy policy) {
        this.policy = policy;
    }

    public GuardPolicy policy() {
        return policy;
    }

    /** Checks one statement read with PostgreSQL's default rules. */
    public GuardedSql check(String sql) throws GuardRejection {
        return check(sql, LexRules.POSTGRESQL);
    }

    /**
     * Checks one statement read with the session's lexical rules; returns the text that must run
     * (comments removed, strings canonical, no trailing semicolon) with the relations it names.
     */
    public GuardedSql check(String sql, LexRules rules) throws GuardRejection {
        if (sql == null || sql.isBlank()) {
            throw new GuardRejection(Rule.EMPTY, "no SQL text");
        }
        if (sql.length() > SqlParsing.MAX_CHARS) { // before lexing: the parse would refuse it anyway
            throw new GuardRejection(Rule.NOT_PARSEABLE, "longer than " + SqlParsing.MAX_CHARS + " characters (" + sql.length() + ")");
        }
        String text;
        LexicalFacts facts;
        try {
            facts = checkLexically(sql, rules);
            text = facts.text();
        } catch (RuntimeException | StackOverflowError e) {
            throw new GuardRejection(Rule.NOT_PARSEABLE, "could not be read: " + e.getClass().getSimpleName());
        }
        if (rules.dialect() == SqlDialect.POSTGRESQL && PgjdbcStatements.countOrMinusOne(text) > 1) {
            throw new GuardRejection(Rule.NOT_ONE_STATEMENT, shorten(text));
        }
        Statements statements;
        try {
            statements = SqlParsing.parse(rules.dialect() == SqlDialect.MYSQL ? text : forParser(text));
        } catch (SqlParsing.Unparseable e) {
            throw new GuardRejection(Rule.NOT_PARSEABLE, e.getMessage());
        }
        if (statements == null || statements.isEmpty()) {
            throw new GuardRejection(Rule.NOT_PARSEABLE, shorten(text));
        }
        if (statements.size() > 1) {
            throw new GuardRejection(Rule.MULTIPLE_STATEMENTS, shorten(statements.get(1).toString()));
        }
        Statement statement = statements.get(0);
        if (!(statement instanceof Select select)) {
            throw new GuardRejection(Rule.NOT_A_QUERY, statementKind(statement));
        }
        TreeCheck tree = new TreeCheck(NameCase.of(rules.dialect()));
        try {
            tree.walk(select, Set.of(), 0);
        } catch (StackOverflowError e) {
            throw new GuardRejection(Rule.TOO_COMPLEX, "nesting deeper than the guard can check");
        } catch (RuntimeException e) {
            throw new GuardRejection(Rule.NOT_PARSEABLE, "could not be checked: " + e);
        }
        Set<String> relations = new LinkedHashSet<>(tree.relationsAsWritten);
        relations.addAll(facts.relations());
        return MINT.make(text, select, tree.tables,
                new QueryNames(List.copyOf(tree.columns), Map.copyOf(tree.aliases), Set.copyOf(tree.definedNames)),
                List.copyOf(relations), rules.dialect());
    }

    /** The guard alone makes GuardedSql: what passed it. */
    private static final GuardedSql.Mint MINT = GuardedSql.Mint.claim();

    /** What the lexical pass found: the text to run and the relation names it saw in FROM positions. */
    private record LexicalFacts(String text, List<String> relations) {
    }

    /** The lexical pass over the canonical text. */
    private LexicalFacts checkLexically(String sql, LexRules rules) throws GuardRejection {
        SqlLexer.Result original = SqlLexer.tokenize(sql, rules);
        if (original.problem() != null) {
            throw lexicalProblem(original.problem());
        }
        String canonical = original.canonical();
        SqlLexer.Result lexed = SqlLexer.tokenize(canonical, rules);
        if (lexed.problem() != null || !lexed.comments().isEmpty() || !sameTokens(original.tokens(), lexed.tokens())) {
            throw new GuardRejection(Rule.AMBIGUOUS_TEXT, "the statement reads differently once its comments are removed");
        }
        List<Token> tokens = lexed.tokens();
        int end = tokens.size();
        while (end > 0 && tokens.get(end - 1).isPunct(';')) {
            end--;
        }
        if (end == 0) {
            throw new GuardRejection(Rule.EMPTY, "no SQL text");
        }
        for (int i = 0; i < end; i++) {
            if (tokens.get(i).isPunct(';')) {
                throw new GuardRejection(Rule.MULTIPLE_STATEMENTS,
                        shorten(sql.substring(tokens.get(i).start())));
            }
        }
        Token first = firstNonParen(tokens, end);
        if (first == null || first.type() != Type.WORD || !StatementKind.ofKeyword(lower(first)).isQuery()) {
            throw new GuardRejection(Rule.NOT_A_QUERY, first == null ? shorten(sql) : first.text());
        }
        for (int i = 0; i < end; i++) {
            Token t = tokens.get(i);
            if (t.type() == Type.STRING && rules.dialect() == SqlDialect.POSTGRESQL && t.text().regionMatches(true, 0, "n'", 0, 2)
                    && t.text().indexOf('\\') >= 0) {
                throw new GuardRejection(Rule.AMBIGUOUS_TEXT, "N'' string with a backslash: " + t.text());
            }
            boolean call = i + 1 < end && tokens.get(i + 1).isPunct('(');
            if (call && (t.type() == Type.WORD || t.type() == Type.QUOTED_IDENT)) {
                String qualifier = i >= 2 && tokens.get(i - 1).isPunct('.') && isName(tokens.get(i - 2))
                        ? SqlLexer.foldIdentifier(tokens.get(i - 2).text()) : null;
                String refusal = policy.functions().refusal(qualifier, SqlLexer.foldIdentifier(t.text()), false);
                if (refusal != null) {
                    throw new GuardRejection(Rule.DENIED_FUNCTION, t.text() + "(...): " + refusal);
                }
            }
            if (t.type() != Type.WORD) {
                continue;
            }
            String w = lower(t);
            if (rules.dialect() == SqlDialect.MYSQL && MYSQL_REFUSED_WORDS.contains(w)) {
                throw new GuardRejection(Rule.LOCKING_CLAUSE, fragment(canonical, tokens, i, end));
            }
            if (rules.dialect() == SqlDialect.MYSQL && (w.equals("next") || w.equals("previous")) && i + 2 < end
                    && tokens.get(i + 1).isWord("value") && tokens.get(i + 2).isWord("for")) {
                // MariaDB's sequence syntax: NEXT VALUE FOR s is nextval(s), a write however it is spelled
                throw new GuardRejection(Rule.DENIED_FUNCTION, fragment(canonical, tokens, i, end) + ": sequence access");
            }
            if (w.equals("into")) {
                throw new GuardRejection(Rule.SELECT_INTO, fragment(canonical, tokens, i, end));
            }
            if (w.equals("for") && i + 1 < end && isLockStrength(tokens, i + 1, end)) {
                throw new GuardRejection(Rule.LOCKING_CLAUSE, fragment(canonical, tokens, i, end));
            }
            if (isDataModifying(tokens, i, end)) {
                throw new GuardRejection(Rule.WRITABLE_CTE, fragment(canonical, tokens, i, end));
            }
        }
        if (policy.purpose() == FunctionPolicy.Purpose.LOCAL_ENGINE) {
            LocalEngineRules.checkTokens(tokens, end);
        }
        // no strip(): Java's white space includes characters PostgreSQL reads as part of a name
        String text = canonical.substring(tokens.get(0).start(), tokens.get(end - 1).end());
        return new LexicalFacts(text, RelationPositions.of(tokens.subList(0, end)));
    }

    private static GuardRejection lexicalProblem(String problem) {
        if (problem.startsWith("Unicode")) {
            return new GuardRejection(Rule.ESCAPED_NAME, problem);
        }
        if (problem.startsWith(SqlLexer.UNTERMINATED)) {
            return new GuardRejection(Rule.NOT_PARSEABLE, problem);
        }
        return new GuardRejection(Rule.AMBIGUOUS_TEXT, problem);
    }

    /** Rendering must not add, drop or change a token other than rewriting a string. */
    private static boolean sameTokens(List<Token> a, List<Token> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Token x = a.get(i);
            Token y = b.get(i);
            if (x.type() != y.type() || (x.type() != Type.STRING && !x.text().equals(y.text()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isName(Token t) {
        return t.type() == Type.WORD || t.type() == Type.QUOTED_IDENT;
    }

    /**
     * The text JSqlParser sees: strings rewritten so that its lexer ends them where PostgreSQL
     * does. PostgreSQL reads a backslash in '...' literally and as an escape only in E'...';
     * JSqlParser may read it either way, so backslashes are doubled (the same string under
     * both readings) and E'' escapes of quotes become doubled quotes.
     */
    private static String forParser(String sql) throws GuardRejection {
        StringBuilder out = null;
        int copied = 0;
        List<Token> tokens = SqlLexer.tokenize(sql).tokens();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            String s = t.text();
            String replacement = null;
            int skipTo = i;
            if (t.isWord("operator") && isQualifiedOperator(tokens, i)) {
                // OPERATOR(pg_catalog.~), as psql writes it: the built-in operator itself; JSqlParser reads it bare
                String schema = SqlLexer.foldIdentifier(tokens.get(i + 2).text());
                if (!schema.equals("pg_catalog")) {
                    throw new GuardRejection(Rule.DENIED_FUNCTION, "OPERATOR(" + tokens.get(i + 2).text() + "." + tokens.get(i + 4).text()
                            + "): operators outside pg_catalog are user-defined");
                }
                replacement = " " + tokens.get(i + 4).text() + " ";
                skipTo = i + 5;
            } else if (t.isWord("collate") && i + 1 < tokens.size() && isName(tokens.get(i + 1))) {
                // COLLATE pg_catalog."default" (psql's \\d): JSqlParser does not take it after a literal; it changes no reading
                replacement = " ";
                skipTo = i + 3 < tokens.size() && tokens.get(i + 2).isPunct('.') && isName(tokens.get(i + 3)) ? i + 3 : i + 1;
            } else if (t.type() == Type.STRING && (s.startsWith("E'") || s.startsWith("e'"))) {
                replacement = fromEString(s);
            } else if (t.type() == Type.STRING && s.startsWith("'") && s.indexOf('\\') >= 0) {
                replacement = s.replace("\\", "\\\\");
            }
            if (replacement == null) {
                continue;
            }
            if (out == null) {
                out = new StringBuilder(sql.length() + 16);
            }
            out.append(sql, copied, t.start()).append(replacement);
            copied = tokens.get(skipTo).end();
            i = skipTo;
        }
        return out == null ? sql : out.append(sql.substring(copied)).toString();
    }

    /** OPERATOR ( schema . op ) */
    private static boolean isQualifiedOperator(List<Token> tokens, int i) {
        return i + 5 < tokens.size() && tokens.get(i + 1).isPunct('(') && isName(tokens.get(i + 2)) && tokens.get(i + 3).isPunct('.')
                && tokens.get(i + 4).type() == Type.OPERATOR && tokens.get(i + 5).isPunct(')');
    }

    private static String fromEString(String eString) {
        String body = eString.substring(2, eString.length() - 1);
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                char next = body.charAt(++i);
                b.append(next == '\'' ? "''" : next == '\\' ? "\\\\" : "\\\\" + next);
            } else {
                b.append(c);
            }
        }
        return b.append('\'').toString();
    }

    private static Token firstNonParen(List<Token> tokens, int end) {
        for (int i = 0; i < end; i++) {
            if (!tokens.get(i).isPunct('(')) {
                return tokens.get(i);
            }
        }
        return null;
    }

    /** FOR UPDATE, FOR SHARE, FOR NO KEY UPDATE, FOR KEY SHARE. */
    private static boolean isLockStrength(List<Token> tokens, int i, int end) {
        String next = lower(tokens.get(i));
        if (next.equals("update") || next.equals("share")) {
            return true;
        }
        return (next.equals("no") || next.equals("key")) && i + 1 < end
                && (tokens.get(i + 1).isWord("key") || tokens.get(i + 1).isWord("share"));
    }

    /** INSERT INTO, DELETE FROM, MERGE INTO, UPDATE x [AS y] SET: only possible as writable CTEs here. */
    private static boolean isDataModifying(List<Token> tokens, int i, int end) {
        String w = lower(tokens.get(i));
        boolean atStatementStart = i == 0 || tokens.get(i - 1).isPunct('(');
        if (!atStatementStart) {
            return false;
        }
        return switch (w) {
            case "insert", "merge" -> true;
            case "delete" -> i + 1 < end && tokens.get(i + 1).isWord("from");
            case "update" -> true;
            default -> false;
        };
    }

    private static String fragment(String sql, List<Token> tokens, int from, int end) {
        int to = Math.min(end, from + 6) - 1;
        return sql.substring(tokens.get(from).start(), tokens.get(to).end());
    }

    private static String lower(Token t) {
        return t.text().toLowerCase(Locale.ROOT);
    }

    private static String statementKind(Statement statement) {
        String text = statement.toString().strip();
        int space = text.indexOf(' ');
        String word = (space < 0 ? text : text.substring(0, space)).toUpperCase(Locale.ROOT);
        return word.isEmpty() ? statement.getClass().getSimpleName() : word + " statement";
    }

    /** One walk over the whole tree, keeping the tables it reads. */
    private final class TreeCheck {
        final Set<TableRef> tables = new LinkedHashSet<>();
        final List<QueryNames.ColumnRef> columns = new ArrayList<>();
        final Map<String, TableRef> aliases = new HashMap<>();
        final Set<String> definedNames = new HashSet<>();
        final Set<String> relationsAsWritten = new LinkedHashSet<>();
        private final Map<Object, Boolean> seen = new IdentityHashMap<>();
        private final LocalEngineRules.StringOps stringOps = new LocalEngineRules.StringOps();
        /** How the allow-list is matched before the database resolves the names (exactly on PostgreSQL). */
        private final NameCase names;

        TreeCheck(NameCase names) {
            this.names = names;
        }

        void walk(Object node, Set<String> ctesInScope, int depth) throws GuardRejection {
            if (node == null || depth > MAX_TREE_DEPTH) {
                if (node != null) {
                    throw new GuardRejection(Rule.TOO_COMPLEX, "nesting deeper than " + MAX_TREE_DEPTH);
                }
                return;
            }
            if (node instanceof Collection<?> items) {
                for (Object item : items) {
                    walk(item, ctesInScope, depth + 1);
                }
                return;
            }
            if (node instanceof Map<?, ?> map) {
                walk(map.values(), ctesInScope, depth + 1);
                return;
            }
            if (node instanceof Object[] array) {
                walk(List.of(array), ctesInScope, depth + 1);
                return;
            }
            if (!AstNodes.isNode(node) || seen.put(node, Boolean.TRUE) != null) {
                return;
            }
            Set<String> scope = ctesInScope;
            if (node instanceof Select select) {
                checkSelect(select);
                scope = walkWithItems(select, ctesInScope, depth);
            }
            if (node instanceof WithItem<?> withItem) {
                checkWithItem(withItem);
            }
            if (policy.purpose() == FunctionPolicy.Purpose.LOCAL_ENGINE) {
                LocalEngineRules.checkNode(node);
                stringOps.count(node);
            }
            if (node instanceof Function function) {
                checkFunction(function.getMultipartName(), function.toString());
            }
            if (node instanceof AnalyticExpression analytic) {
                checkFunction(List.of(analytic.getName()), analytic.toString());
            }
            if (node instanceof Table table) {
                checkTable(table, scope);
                return;
            }
            collectNames(node);
            for (Field f : AstNodes.childFields(node.getClass())) {
                if (skipField(node, f)) {
                    continue;
                }
                walk(AstNodes.read(f, node), scope, depth + 1);
            }
        }

        /** A column's or t.*'s table is a qualifier, not a table read; WITH items are walked in scope. */
        private boolean skipField(Object node, Field f) {
            if ((node instanceof Column || node instanceof AllTableColumns) && f.getType() == Table.class) {
                return true;
            }
            return node instanceof Select && f.getName().equals("withItemsList") && f.getDeclaringClass() == Select.class;
        }

        /** Walks WITH items so each sees the CTEs before it (all of them when RECURSIVE). */
        private Set<String> walkWithItems(Select select, Set<String> outer, int depth) throws GuardRejection {
            List<WithItem<?>> items = select.getWithItemsList();
            if (items == null || items.isEmpty()) {
                return outer;
            }
            Set<String> all = new HashSet<>(outer);
            boolean recursive = false;
            for (WithItem<?> item : items) {
                all.add(cteName(item));
                recursive |= item.isRecursive();
            }
            Set<String> visible = new HashSet<>(outer);
            for (WithItem<?> item : items) {
                if (recursive) {
                    walk(item, all, depth + 1);
                } else {
                    walk(item, Set.copyOf(visible), depth + 1);
                    visible.add(cteName(item));
                }
            }
            return all;
        }

        /** Records column references and the names the query defines, for the catalog check. */
        private void collectNames(Object node) {
            if (node instanceof Column column && column.getColumnName() != null) {
                Table qualifier = column.getTable();
                String q = qualifier == null || qualifier.getName() == null ? null : SqlLexer.foldIdentifier(qualifier.getName());
                String raw = column.getColumnName();
                boolean quoted = raw.startsWith("\"");
                columns.add(new QueryNames.ColumnRef(q, SqlLexer.foldIdentifier(raw), quoted));
            } else if (node instanceof Alias alias && alias.getName() != null) {
                definedNames.add(SqlLexer.foldIdentifier(alias.getName()));
                if (alias.getAliasColumns() != null) {
                    alias.getAliasColumns().forEach(c -> definedNames.add(SqlLexer.foldIdentifier(c.name)));
                }
            } else if (node instanceof WithItem<?> item && item.getWithItemList() != null) {
                item.getWithItemList().forEach(c -> definedNames.add(SqlLexer.foldIdentifier(c.toString())));
            }
        }

        private String cteName(WithItem<?> item) {
            return SqlLexer.foldIdentifier(item.getAlias().getName());
        }

        private void checkSelect(Select select) throws GuardRejection {
            if (select.getForMode() != null || select.getForUpdateTable() != null) {
                throw new GuardRejection(Rule.LOCKING_CLAUSE, "FOR " + select.getForMode());
            }
            if (select instanceof PlainSelect plain
                    && ((plain.getIntoTables() != null && !plain.getIntoTables().isEmpty()) || plain.getIntoTempTable() != null)) {
                throw new GuardRejection(Rule.SELECT_INTO, "INTO " + plain.getIntoTables());
            }
        }

        private void checkWithItem(WithItem<?> item) throws GuardRejection {
            if (!(item.getParenthesedStatement() instanceof ParenthesedSelect)) {
                throw new GuardRejection(Rule.WRITABLE_CTE, shorten(item.toString()));
            }
        }

        private void checkFunction(List<String> nameParts, String text) throws GuardRejection {
            if (nameParts == null || nameParts.isEmpty()) {
                return;
            }
            String name = SqlLexer.foldIdentifier(nameParts.get(nameParts.size() - 1));
            String schema = nameParts.size() >= 2 ? SqlLexer.foldIdentifier(nameParts.get(nameParts.size() - 2)) : null;
            String refusal = policy.functions().refusal(schema, name, true);
            if (refusal != null) {
                throw new GuardRejection(Rule.DENIED_FUNCTION, shorten(text) + ": " + refusal);
            }
        }

        private void checkTable(Table table, Set<String> ctesInScope) throws GuardRejection {
            String name = SqlLexer.foldIdentifier(table.getName());
            String schema = SqlLexer.foldIdentifier(table.getSchemaName());
            if (name == null) {
                return;
            }
            if (schema == null && ctesInScope.contains(name)) {
                if (table.getAlias() != null && table.getAlias().getName() != null) {
                    definedNames.add(SqlLexer.foldIdentifier(table.getAlias().getName()));
                }
                definedNames.add(name);
                return;
            }
            TableRef ref = new TableRef(schema, name);
            String refusal = policy.tableRefusal(ref, names);
            if (refusal != null) {
                throw new GuardRejection(Rule.TABLE_NOT_ALLOWED, ref + ": " + refusal);
            }
            tables.add(ref);
            relationsAsWritten.add(table.getFullyQualifiedName());
            if (table.getAlias() != null && table.getAlias().getName() != null) {
                String alias = SqlLexer.foldIdentifier(table.getAlias().getName());
                TableRef earlier = aliases.putIfAbsent(alias, ref);
                if (earlier != null && !earlier.equals(ref)) {
                    definedNames.add(alias); // the same alias names different tables in different scopes
                }
            }
        }
    }
}
