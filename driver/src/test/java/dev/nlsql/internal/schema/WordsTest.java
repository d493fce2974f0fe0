package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WordsTest {

    /**
     * Held-out set 25: "Which students have never enrolled on a course?" did not name the courses table, whose plural was
     * stemmed "cours". A plural of a word ending in "se" is the word; "-sses", "-uses" (but "-ouses", "-auses") lose "es".
     */
    @Test
    void pluralsOfWordsEndingInSeAreTheWord() {
        for (String[] pair : new String[][] {{"courses", "course"}, {"purchases", "purchase"}, {"houses", "house"},
            {"warehouses", "warehouse"}, {"cases", "case"}, {"licenses", "license"}, {"classes", "class"}, {"addresses", "address"},
            {"buses", "bus"}, {"statuses", "status"}, {"boxes", "box"}, {"branches", "branch"}, {"categories", "category"}}) {
            assertEquals(Words.stem(pair[1]), Words.stem(pair[0]), pair[0]);
        }
    }
}
