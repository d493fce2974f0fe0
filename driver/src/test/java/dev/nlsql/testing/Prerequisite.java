package dev.nlsql.testing;

import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * A test's outside prerequisite (a terminal, Chromium, a built client suite, a scratch cluster): missing on a
 * developer's machine the test is skipped, with the reason; in CI ({@code NLSQL_CI=1}, which {@code .ci/run} exports,
 * or {@code CI} set) it fails instead, so CI never passes by skipping.
 */
public final class Prerequisite {

    private Prerequisite() {
    }

    /** True when a missing prerequisite fails the test instead of skipping it. */
    public static boolean inCi() {
        return "1".equals(System.getenv("NLSQL_CI")) || System.getenv("CI") != null;
    }

    /** Skips (fails, in CI) the calling test unless {@code present}; {@code what} says what is missing and how to get it. */
    public static void require(boolean present, String what) {
        require(present, () -> what);
    }

    public static void require(boolean present, Supplier<String> what) {
        if (present) {
            return;
        }
        if (inCi()) {
            throw new AssertionError("required in CI (NLSQL_CI=1), but missing: " + what.get());
        }
        Assumptions.abort("skipped, missing: " + what.get());
    }
}
