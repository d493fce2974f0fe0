package dev.nlsql.internal.schema;

import dev.nlsql.internal.execute.QueryRunner;
import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.log.Secrets;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.sql.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import org.slf4j.Logger;

/**
 * Looks the names a question writes ({@link NamePhrases}: quoted or capitalised) up in the text
 * columns the {@link ValueIndex} does not hold (too many distinct values to sample: an artist's
 * name, a customer's company), so that "how many albums by AC/DC" links AC/DC to artists.name.
 *
 * <p>Each phrase costs at most one statement per candidate column, and a question at most
 * {@link #MAX_PHRASES} x {@link #MAX_COLUMNS} statements, all within one time budget. Each runs
 * read-only as the source's read role with a statement timeout, the phrase only as a bound parameter, and asks for at most
 * two values equal to it in any case (by an index where one serves: the column itself, or
 * {@code lower(column)}), and, only when there are none, at most two values one character longer
 * that the phrase with that letter inserted would spell ("Metalica" for Metallica), or of its length with one letter put
 * for another ("Olimpia" for Olympia), its LIKE wildcards escaped. A misspelling links only when exactly one value in all the columns reads so.
 *
 * <p>PostgreSQL, MySQL and MariaDB; on MySQL and MariaDB the column's own collation (case-insensitive
 * by default) decides how the phrase compares, so an index on the column serves as it is.
 */
public final class ValueLookup {

    private static final Logger LOG = Logs.get(ValueLookup.class);

    static final int MAX_PHRASES = 3;
    /** Seconds all the lookups of one question may take (less when the statement timeout is shorter). */
    static final int MAX_BUDGET_SECONDS = 5;
    /**
     * Columns a phrase is looked up in. When more could hold it, none is looked in: a name found in some of them only is no
     * proof it is in no other ("Alfreds Futterkiste" is a customer's name, and one order's ship name), and a filter on the
     * wrong one answers with confidence.
     */
    static final int MAX_COLUMNS = 24;
    /** Longer phrases are not looked up. */
    static final int MAX_PHRASE_LENGTH = 100;
    /** Shortest phrase whose misspellings are looked for: a shorter name is one letter from too many others. */
    static final int MIN_NEAR_LENGTH = 5;
    /** Values read per statement: two equal to the phrase, or two close to it, tell "one" from "more than one". */
    private static final int ROWS = 4;
    private static final char LIKE_ESCAPE = '!';
    /** Column name words of values nobody names in a question, or that must not be probed: never looked up in. */
    private static final Set<String> NEVER = Set.of("password", "passwd", "pwd", "secret", "token", "hash", "salt", "key", "ssn",
            "iban", "card", "email", "mail", "phone", "fax", "url", "uri", "website", "ip");
    /** Column name words of names: looked up in first. */
    private static final Set<String> NAME_WORDS = Set.of("name", "title", "label", "company", "brand");
    private static final Set<String> CALENDAR = Set.of("january", "february", "march", "april", "may", "june", "july", "august",
            "september", "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
            "sunday");

    /** A column a phrase may be looked up in, with how it is compared. */
    record Candidate(TableInfo table, ColumnInfo column, ColumnIndexes.Kind index) {
    }

    /** One lookup: its SQL and, in order, its bound parameters (String or Integer). */
    record Statement(String sql, List<Object> parameters) {
    }

    private final ColumnIndexes indexes = new ColumnIndexes();

    /**
     * The values the question's quoted or capitalised phrases name in columns {@code sampled} does not
     * hold, looked up through {@code connection} within {@code budgetSeconds} (at most {@link #MAX_BUDGET_SECONDS}), each
     * statement with the time left as its timeout.
     * @param linked the links already found (their phrases are not looked up again)
     * @param scores how much the question is about each table (identity-keyed, as {@link SchemaLinker#score} gives them)
     * @param sampled whether the value index holds a column's values
     * @param readRole the role every lookup reads as ({@code nlsql.readRole} of the source), or null
     */
    public List<ValueLink> find(String question, List<ValueLink> linked, SchemaCatalog catalog, Map<TableInfo, Double> scores,
            BiPredicate<TableInfo, ColumnInfo> sampled, Connection connection, String readRole, int budgetSeconds) {
        List<NamePhrases.Phrase> phrases = phrases(question, linked, catalog);
        List<ValueLink> sampledNames = sampledNames(question, linked);
        if (phrases.isEmpty() && sampledNames.isEmpty()) {
            return List.of();
        }
        SqlDialect dialect = SqlDialect.ofProduct(catalog.productName());
        if (dialect == SqlDialect.UNVERIFIED) {
            LOG.debug("value lookups skipped: they are written for PostgreSQL, MySQL and MariaDB, and this is {}",
                    Secrets.forLog(catalog.productName()));
            return List.of();
        }
        int budget = Math.max(1, Math.min(budgetSeconds, MAX_BUDGET_SECONDS));
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(budget);
        List<Candidate> columns = columns(catalog, scores, sampled, dialect, connection, budget);
        if (columns.isEmpty()) {
            LOG.debug("value lookups skipped: no unsampled text column in a table the question is about");
            return List.of();
        }
        List<ValueLink> found = new ArrayList<>();
        int statements = 0;
        for (NamePhrases.Phrase phrase : phrases) {
            Found f = lookUp(phrase.text(), columns, dialect, connection, readRole, deadline, true);
            statements += f.statements;
            if (f.incomplete) {
                // found in some columns only: it may be in the others too, and which ones answered first is timing
                LOG.debug("'{}' was not looked up in every column in time: not linked", Secrets.forLog(phrase.text()));
            } else {
                found.addAll(f.links);
            }
            if (f.outOfTime) {
                break;
            }
        }
        List<Candidate> nameColumns = columns.stream().filter(c -> nameLike(c.column())).toList();
        for (ValueLink l : sampledNames) {
            if (System.nanoTime() >= deadline || nameColumns.isEmpty()) {
                break;
            }
            // "How many orders has Priya Shah placed?": a courier's name the sample holds may be a customer's too, in a column
            // too large to sample; both read, the question is declined as naming two columns, never filtered on the courier
            Found f = lookUp(l.value(), nameColumns.stream().filter(c -> c.column() != l.column()).toList(), dialect, connection,
                    readRole, deadline, false);
            statements += f.statements;
            if (f.incomplete) {
                LOG.debug("'{}' was not looked up in every name column in time: not linked", Secrets.forLog(l.value()));
            } else {
                f.links.stream().map(k -> new ValueLink(k.table(), k.column(), k.value(), l.phrase(), true)).forEach(found::add);
            }
        }
        LOG.debug("value lookups: {} phrase(s) in {} column(s), {} statement(s), {} link(s), {} ms", phrases.size(), columns.size(),
                statements, found.size(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        return found;
    }

    /** The phrases worth a lookup: not too long, naming no table or column, not linked already; at most {@link #MAX_PHRASES}. */
    static List<NamePhrases.Phrase> phrases(String question, List<ValueLink> linked, SchemaCatalog catalog) {
        List<NamePhrases.Phrase> candidates = NamePhrases.of(question);
        if (candidates.isEmpty()) {
            return candidates;
        }
        Set<String> schemaStems = new HashSet<>();
        for (TableInfo t : catalog.tables()) {
            schemaStems.addAll(Words.stems(t.name()));
            t.columns().forEach(c -> schemaStems.addAll(Words.stems(c.name())));
        }
        List<NamePhrases.Phrase> out = new ArrayList<>();
        for (NamePhrases.Phrase p : candidates) {
            String text = p.text();
            List<String> words = Words.split(text);
            if (text.codePointCount(0, text.length()) > MAX_PHRASE_LENGTH) {
                LOG.debug("a phrase of {} characters is not looked up (at most {})", text.length(), MAX_PHRASE_LENGTH);
                continue;
            }
            if (words.isEmpty() || text.chars().anyMatch(Character::isISOControl) || alreadyLinked(words, text, linked)) {
                continue;
            }
            if (!p.quoted() && words.stream().allMatch(w -> Words.isStop(w) || CALENDAR.contains(w) || schemaStems.contains(Words.stem(w)))) {
                continue; // "Orders", "Customer Names", "March": the schema's words or grammar, not a name
            }
            out.add(p);
            if (out.size() == MAX_PHRASES) {
                break;
            }
        }
        return out;
    }

    /**
     * Names the sample linked to a column of names, as the question writes them (capitalised or quoted), at most
     * {@link #MAX_PHRASES}: another table's names may hold them too, in a column too large to sample.
     */
    static List<ValueLink> sampledNames(String question, List<ValueLink> linked) {
        List<ValueLink> out = new ArrayList<>();
        List<NamePhrases.Phrase> written = NamePhrases.of(question);
        for (ValueLink l : linked) {
            String value = ValueIndex.folded(l.value());
            if (!l.lookedUp() && nameLike(l.column()) && written.stream().anyMatch(p -> ValueIndex.folded(p.text()).equals(value))
                    && out.stream().noneMatch(o -> ValueIndex.folded(o.value()).equals(value))) {
                out.add(l);
                if (out.size() == MAX_PHRASES) {
                    break;
                }
            }
        }
        return out;
    }

    private static boolean nameLike(ColumnInfo c) {
        return Words.split(c.name()).stream().anyMatch(NAME_WORDS::contains);
    }

    private static boolean alreadyLinked(List<String> words, String text, List<ValueLink> linked) {
        for (ValueLink l : linked) {
            List<String> phrase = Words.split(l.phrase());
            if (ValueIndex.folded(l.value()).equals(ValueIndex.folded(text)) || contains(phrase, words)) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(List<String> phrase, List<String> words) {
        for (int i = 0; i + words.size() <= phrase.size(); i++) {
            if (phrase.subList(i, i + words.size()).equals(words)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The columns to look in, at most {@link #MAX_COLUMNS}: text columns the index does not hold, of the
     * tables the question is about and their neighbours (the only table, in a database of one), name-like columns
     * (name, title, company) first,
     * then by how much the question is about their table. Keys that reference another table, and columns
     * of secrets or contact details, are left out.
     */
    private List<Candidate> columns(SchemaCatalog catalog, Map<TableInfo, Double> scores, BiPredicate<TableInfo, ColumnInfo> sampled,
            SqlDialect dialect, Connection connection, int timeoutSeconds) {
        Map<TableInfo, Double> about = new LinkedHashMap<>();
        for (TableInfo t : catalog.tables()) {
            Double s = scores.get(t);
            if (s != null && s > 0) {
                about.put(t, s);
            }
        }
        for (TableInfo t : catalog.tables()) {
            if (!about.containsKey(t) && neighbours(catalog, t).stream().anyMatch(about::containsKey)) {
                about.put(t, 0.0);
            }
        }
        if (about.isEmpty()) {
            // no table named: a name is the only clue ("how many parcels did Nordic Trading send": a customer), so look in every
            // table, as long as the text columns stay within MAX_COLUMNS; else "not about this database" would be a guess
            catalog.tables().forEach(t -> about.put(t, 0.0));
        }
        record Ranked(TableInfo table, ColumnInfo column, boolean nameLike, double score, int order) {
        }
        List<Ranked> ranked = new ArrayList<>();
        int order = 0;
        for (Map.Entry<TableInfo, Double> e : about.entrySet()) {
            TableInfo t = e.getKey();
            Set<String> keys = new HashSet<>();
            t.foreignKeys().forEach(fk -> keys.addAll(fk.columns()));
            for (ColumnInfo c : t.columns()) {
                List<String> words = Words.split(c.name());
                if (!ValueIndex.isText(c) || keys.contains(c.name()) || words.stream().anyMatch(NEVER::contains) || sampled.test(t, c)) {
                    continue;
                }
                ranked.add(new Ranked(t, c, nameLike(c), e.getValue(), order++));
            }
        }
        ranked.sort(Comparator.comparing((Ranked r) -> !r.nameLike()).thenComparing(Comparator.comparingDouble(Ranked::score).reversed())
                .thenComparingInt(Ranked::order));
        List<Candidate> out = new ArrayList<>();
        if (ranked.isEmpty()) {
            return out;
        }
        if (ranked.size() > MAX_COLUMNS) {
            LOG.debug("{} text columns could hold a name the question gives (at most {} are looked in): none is", ranked.size(), MAX_COLUMNS);
            return out;
        }
        ColumnIndexes.Known known = dialect == SqlDialect.POSTGRESQL ? indexes.of(catalog, connection, timeoutSeconds) : null;
        if (dialect == SqlDialect.POSTGRESQL && known == null) {
            // an index decides how a lookup compares (the spellings an index holds, or any case): without knowing them, none
            LOG.debug("value lookups skipped: the indexes could not be read in time");
            return out;
        }
        for (Ranked r : ranked) {
            out.add(new Candidate(r.table(), r.column(), known == null ? ColumnIndexes.Kind.PLAIN : known.of(r.table(), r.column())));
        }
        return out;
    }

    /** The tables {@code t} references and those that reference it. */
    private static List<TableInfo> neighbours(SchemaCatalog catalog, TableInfo t) {
        List<TableInfo> out = new ArrayList<>();
        for (TableInfo o : catalog.tables()) {
            boolean references = t.foreignKeys().stream().anyMatch(fk -> fk.refTable().equals(o.name())
                    && (fk.refSchema() == null || fk.refSchema().equals(o.schema())));
            boolean referenced = o.foreignKeys().stream().anyMatch(fk -> fk.refTable().equals(t.name())
                    && (fk.refSchema() == null || fk.refSchema().equals(t.schema())));
            if (o != t && (references || referenced)) {
                out.add(o);
            }
        }
        return out;
    }

    private static final class Found {
        final List<ValueLink> links = new ArrayList<>();
        int statements;
        boolean outOfTime;
        /** Some column was not looked in (the budget ran out, or its statement failed): the links are not all there are. */
        boolean incomplete;
    }

    /**
     * One phrase in each column: values equal to it win; without any, a misspelling links only when
     * one value in all the columns reads so. After a column has a value equal to the phrase, the
     * other columns are asked only for equal values.
     */
    private static Found lookUp(String phrase, List<Candidate> columns, SqlDialect dialect, Connection connection, String readRole,
            long deadline, boolean misspellings) {
        Found f = new Found();
        Map<Candidate, List<String>> exact = new LinkedHashMap<>();
        Map<Candidate, List<String>> near = new LinkedHashMap<>();
        boolean nearWanted = misspellings && phrase.codePointCount(0, phrase.length()) >= MIN_NEAR_LENGTH;
        for (Candidate c : columns) {
            long left = deadline - System.nanoTime();
            // JDBC counts whole seconds, and 0 would mean none: the last statement may end up to a second past the budget
            int timeout = (int) Math.min(Integer.MAX_VALUE, (left + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1));
            if (left <= 0) {
                LOG.debug("value lookup budget spent: the remaining columns are not looked in");
                f.outOfTime = true;
                f.incomplete = true;
                break;
            }
            Statement s = statement(dialect, c, phrase, nearWanted && exact.isEmpty());
            f.statements++;
            long started = System.nanoTime();
            try (ResultSet rs = QueryRunner.run(connection, dialect == SqlDialect.POSTGRESQL, readRole, s.sql(), s.parameters(), ROWS,
                    timeout)) {
                while (rs.next()) {
                    String v = rs.getString(1);
                    if (v == null || v.isBlank() || v.chars().anyMatch(Character::isISOControl)) {
                        continue;
                    }
                    boolean equal = rs.getInt(2) == 1;
                    if (equal || oneLetterFrom(phrase, v)) {
                        (equal ? exact : near).computeIfAbsent(c, k -> new ArrayList<>()).add(v);
                    }
                }
            } catch (SQLException e) {
                LOG.debug("value lookup in {}.{} failed ({}): {}", Secrets.forLog(c.table().name()), Secrets.forLog(c.column().name()),
                        e.getSQLState(), Secrets.forLog(e.getMessage()));
                f.incomplete = true;
                if (!(e instanceof SQLTimeoutException) && String.valueOf(e.getSQLState()).startsWith("08")) {
                    break; // the connection is gone: the other columns would fail too
                }
            }
            LOG.trace("value lookup in {}.{}: {} ms", Secrets.forLog(c.table().name()), Secrets.forLog(c.column().name()),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        }
        if (!exact.isEmpty()) {
            for (Map.Entry<Candidate, List<String>> e : exact.entrySet()) {
                List<String> values = e.getValue();
                // two spellings of it in one column (Queen, QUEEN): the one the question writes, else neither
                String value = values.size() == 1 ? values.get(0) : values.stream().filter(phrase::equals).findFirst().orElse(null);
                if (value != null) {
                    f.links.add(new ValueLink(e.getKey().table(), e.getKey().column(), value, phrase, true));
                }
            }
            return f;
        }
        Set<String> readings = new LinkedHashSet<>();
        near.values().forEach(readings::addAll);
        if (readings.size() == 1) {
            String value = readings.iterator().next();
            near.keySet().forEach(c -> f.links.add(new ValueLink(c.table(), c.column(), value, phrase, true)));
        } else if (readings.size() > 1) {
            LOG.debug("'{}' is one letter from more than one value: not linked", Secrets.forLog(phrase));
        }
        return f;
    }

    /**
     * The lookup of {@code phrase} in one column: up to two values equal to it in any case, then (when
     * {@code near}, and only if there are none) up to two values it misses one character of.
     */
    static Statement statement(SqlDialect dialect, Candidate c, String phrase, boolean near) {
        boolean postgres = dialect == SqlDialect.POSTGRESQL;
        String q = postgres ? "\"" : "`";
        String table = ValueIndex.quotedTable(c.table(), q);
        String column = ValueIndex.quote(c.column().name(), q);
        String text = postgres ? column + "::text" : column;
        List<Object> equalParameters = new ArrayList<>();
        String equal;
        if (!postgres) {
            equal = column + " = ?"; // the column's collation decides the case, and its index serves
            equalParameters.add(phrase);
        } else if (c.index() == ColumnIndexes.Kind.PLAIN) {
            Set<String> spellings = spellings(phrase);
            equal = column + " IN (" + String.join(", ", java.util.Collections.nCopies(spellings.size(), "?")) + ")";
            equalParameters.addAll(spellings);
        } else {
            equal = "lower(" + text + ") = lower(?)";
            equalParameters.add(phrase);
        }
        StringBuilder sql = new StringBuilder("(SELECT DISTINCT ").append(text).append(" AS v, 1 AS e FROM ").append(table)
                .append(" WHERE ").append(equal).append(" LIMIT 2)");
        List<Object> parameters = new ArrayList<>(equalParameters);
        if (near) {
            String lowered = phrase.toLowerCase(Locale.ROOT);
            int length = lowered.codePointCount(0, lowered.length());
            sql.append(" UNION ALL (SELECT DISTINCT ").append(text).append(" AS v, 0 AS e FROM ").append(table).append(" WHERE (");
            likeAny(sql, parameters, postgres, text, length + 1, insertions(lowered));
            List<String> substituted = substitutions(lowered);
            if (!substituted.isEmpty()) {
                sql.append(" OR ");
                likeAny(sql, parameters, postgres, text, length, substituted);
            }
            sql.append(") AND NOT EXISTS (SELECT 1 FROM ").append(table).append(" WHERE ").append(equal).append(") LIMIT 2)");
            parameters.addAll(equalParameters);
        }
        return new Statement(sql.toString(), parameters);
    }

    /** The spellings an index on the column itself is asked for: as written, lower case, upper case, each word capitalised. */
    static Set<String> spellings(String phrase) {
        Set<String> out = new LinkedHashSet<>();
        out.add(phrase);
        out.add(phrase.toLowerCase(Locale.ROOT));
        out.add(phrase.toUpperCase(Locale.ROOT));
        StringBuilder title = new StringBuilder();
        boolean wordStart = true;
        for (int cp : phrase.toLowerCase(Locale.ROOT).codePoints().toArray()) {
            title.appendCodePoint(wordStart ? Character.toTitleCase(cp) : cp);
            wordStart = !Character.isLetterOrDigit(cp);
        }
        out.add(title.toString());
        return out;
    }

    /** {@code (char_length(text) = length AND (lower(text) LIKE p1 OR ...))}, each pattern a parameter. */
    private static void likeAny(StringBuilder sql, List<Object> parameters, boolean postgres, String text, int length,
            List<String> patterns) {
        sql.append("(").append(postgres ? "char_length" : "CHAR_LENGTH").append("(").append(text).append(") = ? AND (");
        parameters.add(length);
        for (int i = 0; i < patterns.size(); i++) {
            sql.append(i == 0 ? "" : " OR ").append(postgres ? "lower(" : "LOWER(").append(text).append(") LIKE ? ESCAPE '")
                    .append(LIKE_ESCAPE).append("'");
            parameters.add(patterns.get(i));
        }
        sql.append("))");
    }

    /**
     * One LIKE pattern per letter that could be the wrong one ("Olimpia" for Olympia): the phrase, escaped, with {@code _} in
     * that letter's place. Only letters: a wildcard or a space the question writes is never read as another character.
     */
    static List<String> substitutions(String phrase) {
        int[] cps = phrase.codePoints().toArray();
        List<String> out = new ArrayList<>();
        for (int at = 0; at < cps.length; at++) {
            if (!Character.isLetter(cps[at])) {
                continue;
            }
            StringBuilder p = new StringBuilder();
            for (int i = 0; i < cps.length; i++) {
                int cp = cps[i];
                if (i == at) {
                    p.append('_');
                    continue;
                }
                if (cp == '%' || cp == '_' || cp == LIKE_ESCAPE) {
                    p.append(LIKE_ESCAPE);
                }
                p.appendCodePoint(cp);
            }
            out.add(p.toString());
        }
        return out;
    }

    /**
     * Whether {@code value} reads as {@code phrase} with one character but a digit inserted, or one letter put for another:
     * the LIKE patterns' {@code _} matches any character, and only a letter is a misspelling of a letter.
     */
    static boolean oneLetterFrom(String phrase, String value) {
        int[] p = phrase.toLowerCase(Locale.ROOT).codePoints().toArray();
        int[] v = value.toLowerCase(Locale.ROOT).codePoints().toArray();
        if (v.length == p.length) {
            int differs = -1;
            for (int i = 0; i < p.length; i++) {
                if (p[i] != v[i]) {
                    if (differs >= 0) {
                        return false;
                    }
                    differs = i;
                }
            }
            return differs >= 0 && Character.isLetter(p[differs]) && Character.isLetter(v[differs]);
        }
        if (v.length != p.length + 1) {
            return false;
        }
        int i = 0;
        while (i < p.length && p[i] == v[i]) {
            i++;
        }
        // a digit more is another number ("Route 7", "Route 71"), not a misspelling; a letter or an apostrophe more is
        return !Character.isDigit(v[i]) && java.util.Arrays.equals(p, i, p.length, v, i + 1, v.length);
    }

    /** One LIKE pattern per place a missing character could be: the phrase, escaped, with {@code _} there. */
    static List<String> insertions(String phrase) {
        int[] cps = phrase.codePoints().toArray();
        List<String> out = new ArrayList<>(cps.length + 1);
        for (int at = 0; at <= cps.length; at++) {
            StringBuilder p = new StringBuilder();
            for (int i = 0; i < cps.length; i++) {
                if (i == at) {
                    p.append('_');
                }
                int cp = cps[i];
                if (cp == '%' || cp == '_' || cp == LIKE_ESCAPE) {
                    p.append(LIKE_ESCAPE);
                }
                p.appendCodePoint(cp);
            }
            if (at == cps.length) {
                p.append('_');
            }
            out.add(p.toString());
        }
        return out;
    }
}
