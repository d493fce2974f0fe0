package dev.nlsql.engine;

import dev.nlsql.NlSqlState;
import java.sql.SQLException;

/** A question in plain language, with optional domain instructions the answer must follow. */
public record Question(String text, String instructions) {

    /** Longest question accepted, in characters; a prompt has to fit it with the schema. */
    public static final int MAX_LENGTH = 10_000;

    /** Checks a question before any work is done: NL006 when it is empty, too long, or not text. */
    public static Question of(String text, String instructions) throws SQLException {
        if (text == null || text.isBlank()) {
            throw NlSqlState.BAD_INPUT.exception("The question is empty: write what you want to know about the data");
        }
        if (text.length() > MAX_LENGTH) {
            throw NlSqlState.BAD_INPUT.exception("The question is " + text.length() + " characters long; the limit is " + MAX_LENGTH);
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || (Character.isISOControl(c) && !Character.isWhitespace(c))) {
                throw NlSqlState.BAD_INPUT.exception("The question contains control characters (position " + i + "); send plain text");
            }
        }
        return new Question(text.strip(), instructions);
    }
}
