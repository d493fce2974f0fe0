package dev.nlsql.cli;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code nlsql demo}: the built-in shop answers a set of questions, offline. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Build the demo shop database in memory and answer scripted questions (no server, no API key).")
final class DemoCommand implements Callable<Integer> {

    static final List<String> QUESTIONS = List.of(
            "How many customers are there?",
            "How many orders were delivered?",
            "Number of customers per country",
            "Top 5 customers by revenue",
            "Average price of products by category",
            "How many orders in the last 30 days?",
            "Total revenue last year",
            "Which product has the highest price?",
            "Number of orders per month this year",
            "Average rating of Electronics products",
            "How many payments by paypal?",
            "List the distinct payment methods",
            "Customers from Berlin",
            "Top 3 categories by number of products",
            "How many orders over 500 euros?");

    @Mixin
    ConnectOptions connect;

    @Mixin
    ShowOptions show;

    @Override
    public Integer call() throws Exception {
        Output.Display display = show.display();
        int answered = 0;
        System.out.println("nlsql demo: a shop database built in memory, questions answered offline (no LLM).");
        System.out.println();
        try (Connection c = connect.open(true); Statement s = c.createStatement()) {
            for (String q : QUESTIONS) {
                System.out.println("Q: " + q);
                Answered a = Answered.run(s, q);
                Output.readable(a, System.out, display);
                if (!a.success()) {
                    System.out.println("  not answered: [" + a.sqlState() + "] " + a.error());
                } else {
                    answered++;
                }
                System.out.println();
            }
        }
        System.out.printf("%d of %d questions answered. Try: java -jar examples/target/nlsql.jar ask \"how many orders were shipped last year?\"%n",
                answered, QUESTIONS.size());
        System.out.println("With an LLM: --url jdbc:nlsql:postgresql://host/db -p nlsql.llm.baseUrl=http://localhost:11434/v1");
        return answered == QUESTIONS.size() ? 0 : 1;
    }
}
