package dev.nlsql.eval;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a question asks for its rows in an order, so that the grader compares the order. defog sql-eval
 * compares order only for its {@code order_by} category or a question saying order, sort or arrange
 * (eval/eval.py, normalize_table); this grader is stricter: a ranking word (top, highest, most, first, ...)
 * asks for an order too. A gold that sorts rows nobody asked to sort ("How many customers are there in each
 * country?") is then compared as a multiset, as a person reading the answer would.
 */
final class QuestionOrder {

    private static final Pattern ASKS = Pattern.compile("\\b(order|sort|sorted|sorting|arrange|arranged|rank|ranked|ranking"
            + "|ascending|descending|alphabetical|alphabetically|chronological|chronologically|top|bottom|first|highest|lowest"
            + "|largest|smallest|biggest|most|least|best|worst|latest|earliest|newest|oldest|cheapest|priciest|longest|shortest)\\b");

    private QuestionOrder() {
    }

    /** True when the question, or its category, asks for ordered rows. */
    static boolean asksForOrder(String question, String category) {
        if ("order_by".equalsIgnoreCase(category == null ? "" : category.strip())) {
            return true;
        }
        return question != null && ASKS.matcher(question.toLowerCase(Locale.ROOT)).find();
    }
}
