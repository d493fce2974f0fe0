package dev.nlsql.cli;

import java.io.PrintStream;

/**
 * The eval's progress on standard error. On a terminal, one line rewritten in place; otherwise (a log file, a pipe, CI)
 * one line per tenth of the questions and one for the last, so a log never holds carriage-return overwrites.
 */
final class EvalProgress {

    private final PrintStream out;
    private final int total;
    private final boolean terminal;
    private final int step;
    private int measured;
    private int correct;

    EvalProgress(PrintStream out, int total, boolean terminal) {
        this.out = out;
        this.total = total;
        this.terminal = terminal;
        this.step = Math.max(1, (total + 9) / 10);
    }

    /** On standard error, rewritten in place only when there is a terminal ({@link System#console()}). */
    static EvalProgress onStandardError(int total) {
        return new EvalProgress(System.err, total, System.console() != null);
    }

    /** One more question measured, right or not. Answers of parallel questions come from several threads. */
    synchronized void measured(boolean right) {
        measured++;
        correct += right ? 1 : 0;
        if (terminal) {
            out.printf("\r[%d/%d] %d correct", measured, total, correct);
        } else if (measured % step == 0 || measured == total) {
            out.printf("[%d/%d] %d correct%n", measured, total, correct);
        }
        out.flush();
    }

    /** Ends the line a terminal's progress left open, before anything else is printed. */
    synchronized void end() {
        if (terminal && measured > 0) {
            out.println();
        }
    }
}
