package dev.nlsql.internal.check;

/**
 * Why {@link SqlGuard} refused a statement: the rule that was broken and the fragment that
 * broke it, so the reason can be shown to a person or fed back to a model.
 */
public final class GuardRejection extends Exception {

    /** The safety rules. */
    public enum Rule {
        EMPTY("empty statement"),
        NOT_PARSEABLE("not parseable SQL"),
        MULTIPLE_STATEMENTS("more than one statement"),
        NOT_A_QUERY("only a read-only query (SELECT, WITH ... SELECT, VALUES, set operations) is allowed"),
        WRITABLE_CTE("data-modifying statement inside WITH"),
        SELECT_INTO("SELECT INTO creates a table"),
        LOCKING_CLAUSE("locking clause (FOR UPDATE/SHARE)"),
        DENIED_FUNCTION("denied function"),
        TABLE_NOT_ALLOWED("table not in the allowed set"),
        TOO_COMPLEX("statement too deeply nested to check"),
        ESCAPED_NAME("Unicode-escaped names and strings (U&) are not allowed"),
        AMBIGUOUS_TEXT("text the database could read differently from the guard"),
        NOT_ONE_STATEMENT("the database's driver reads more than one statement"),
        LOCAL_ENGINE("not allowed on the local engine (fallback analysis)");

        private final String description;

        Rule(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Rule rule;
    private final String fragment;

    public GuardRejection(Rule rule, String fragment) {
        super(rule.description() + ": " + fragment, null, false, false);
        this.rule = rule;
        this.fragment = fragment;
    }

    public Rule rule() {
        return rule;
    }

    /** A fragment as a rejection shows it: on one line, at most 120 characters (the guard and the local engine's rules share it). */
    static String shorten(String s) {
        String one = s.strip().replaceAll("\\s+", " ");
        return one.length() <= 120 ? one : one.substring(0, 117) + "...";
    }

    /** The part of the statement that broke the rule. */
    public String fragment() {
        return fragment;
    }
}
