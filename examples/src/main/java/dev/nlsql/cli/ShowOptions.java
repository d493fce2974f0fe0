package dev.nlsql.cli;

import picocli.CommandLine.Option;

/** The display options of the commands that print results (a picocli mixin): --max-rows. */
final class ShowOptions {

    @Option(names = "--max-rows", paramLabel = "N", defaultValue = "100",
            description = "Show at most N rows of a result (0: all); the count of the rest is shown. Default: ${DEFAULT-VALUE}")
    int maxRows;

    Output.Display display() {
        if (maxRows < 0) {
            throw new BadInvocation("--max-rows must be 0 (all) or more, got: " + maxRows);
        }
        return new Output.Display(maxRows, false);
    }
}
