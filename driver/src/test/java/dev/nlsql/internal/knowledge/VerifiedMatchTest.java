package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.sql.LexRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Equal and adapted verified questions, and every case where adapting would be a guess. */
class VerifiedMatchTest {

    private static final ColumnInfo COUNTRY = new ColumnInfo("country", "text", true, null);
    private static final ColumnInfo CITY = new ColumnInfo("city", "text", true, null);
    private static final TableInfo CUSTOMERS = new TableInfo("public", "customers", null, List.of(COUNTRY, CITY), List.of(), List.of());

    /** Links the countries and cities a text names, as the value index would. */
    private static final Function<String, List<ValueLink>> LINKS = text -> {
        List<ValueLink> out = new ArrayList<>();
        for (String country : List.of("France", "Germany", "New Zealand")) {
            if (text.toLowerCase(Locale.ROOT).contains(country.toLowerCase(Locale.ROOT))) {
                out.add(new ValueLink(CUSTOMERS, COUNTRY, country, country.toLowerCase(Locale.ROOT)));
            }
        }
        for (String city : List.of("Paris", "Berlin")) {
            if (text.toLowerCase(Locale.ROOT).contains(city.toLowerCase(Locale.ROOT))) {
                out.add(new ValueLink(CUSTOMERS, CITY, city, city.toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    };

    private static VerifiedMatch.Match find(String question, String verifiedQuestion, String sql) {
        return VerifiedMatch.find(question, List.of(new VerifiedQuestion(verifiedQuestion, sql, null, null)), LINKS, LexRules.POSTGRESQL);
    }

    @Test
    void equalQuestionsAreEqualWhateverTheirCaseAndPunctuation() {
        VerifiedMatch.Match m = find("  REVENUE per country, in 2023 ", "Revenue per country in 2023?", "SELECT 1");
        assertFalse(m.adapted());
        assertEquals("SELECT 1", m.sql());
        assertNull(find("revenue per city in 2023", "Revenue per country in 2023?", "SELECT 1"));
    }

    @Test
    void literalsAreReplacedWhereExactlyOnePlaceHoldsThem() {
        assertEquals("SELECT * FROM t ORDER BY x DESC LIMIT 7",
                find("top 7 products", "top 5 products", "SELECT * FROM t ORDER BY x DESC LIMIT 5").sql());
        assertEquals("SELECT sum(a) FROM t WHERE d >= DATE '2021-01-01' AND d < DATE '2022-01-01'",
                find("revenue in 2021", "revenue in 2023", "SELECT sum(a) FROM t WHERE d >= DATE '2023-01-01' AND d < DATE '2024-01-01'").sql());
        assertEquals("SELECT sum(a) FROM t WHERE extract(year FROM d) = 2021",
                find("revenue in 2021", "revenue in 2023", "SELECT sum(a) FROM t WHERE extract(year FROM d) = 2023").sql());
        assertEquals("SELECT count(*) FROM o WHERE placed = '2024-03-05'",
                find("orders on 2024-03-05", "orders on 2024-02-01", "SELECT count(*) FROM o WHERE placed = '2024-02-01'").sql());
        assertEquals("SELECT count(*) FROM customers WHERE country = 'New Zealand'",
                find("customers from New Zealand", "customers from France", "SELECT count(*) FROM customers WHERE country = 'France'").sql());
        assertEquals("SELECT count(*) FROM t WHERE code = 'B7'",
                find("rows with code \"B7\"", "rows with code 'A1'", "SELECT count(*) FROM t WHERE code = 'A1'").sql());
        VerifiedMatch.Match two = find("top 3 customers from Germany", "top 5 customers from France",
                "SELECT name FROM customers WHERE country = 'France' ORDER BY spent DESC LIMIT 5");
        assertEquals("SELECT name FROM customers WHERE country = 'Germany' ORDER BY spent DESC LIMIT 3", two.sql());
        assertEquals(List.of("5 -> 3", "France -> Germany"), two.changes());
        assertTrue(two.adapted());
    }

    @Test
    void aLiteralHeldTwiceOrNotAtAllOrOfAnotherColumnIsNotAdapted() {
        assertNull(find("top 3 products", "top 5 products", "SELECT * FROM t WHERE rank <= 5 ORDER BY x LIMIT 5"), "5 twice");
        assertNull(find("top 3 products", "top 5 products", "SELECT * FROM t ORDER BY x"), "5 nowhere");
        assertNull(find("customers from Paris", "customers from France", "SELECT count(*) FROM customers WHERE country = 'France'"),
                "a city for a country");
        assertNull(find("revenue in 2021", "revenue in 2023",
                "SELECT sum(a) FROM t WHERE d >= '2023-01-01' AND d < '2024-01-01' OR d = '2023-06-30'"), "the year in a range and a date");
        assertNull(find("sales on 2023-02-29", "sales on 2024-02-29", "SELECT 1 FROM t WHERE d = '2024-02-29'"), "no such date");
        assertNull(find("orders of 2022 in 2023", "orders of 2021 in 2021", "SELECT 1 WHERE 2021 = 2021"), "one literal for two");
        assertNull(find("top five products", "top 5 products", "SELECT 1 LIMIT 5"), "a number written as a word is another question");
    }

    @Test
    void aReplacementThatCouldBeReadTwoWaysIsNotMade() {
        assertNull(find("rows with code 'a\\'", "rows with code 'A1'", "SELECT count(*) FROM t WHERE code = 'A1'"), "a backslash");
        assertNull(find("rows with code 'x'", "rows with code 'A1'", "SELECT count(*) FROM t WHERE code = E'A1'"), "an escape string");
    }

    @Test
    void equalOnesWinThenTheFirstThatAdapts() {
        List<VerifiedQuestion> pairs = List.of(new VerifiedQuestion("top 5 products", "SELECT 5 LIMIT 5", null, null),
                new VerifiedQuestion("top 7 products", "SELECT 7 LIMIT 7", null, null));
        assertEquals("SELECT 7 LIMIT 7", VerifiedMatch.find("Top 7 products!", pairs, LINKS, LexRules.POSTGRESQL).sql());
        assertNull(VerifiedMatch.find("top 3 products", pairs, LINKS, LexRules.POSTGRESQL), "5 twice in the first, 7 twice in the second");
    }
}
