package dev.nlsql.engine;

import dev.nlsql.config.NlConfig;
import dev.nlsql.internal.generate.SqlGenerator;

/** Engines with a generator of the test's (or benchmark's) own, which the public factory {@link NlEngines} does not take. */
public final class TestEngines {

    private TestEngines() {
    }

    public static NlEngine withGenerator(NlConfig config, SqlGenerator generator) {
        return new NlEngine(config, generator);
    }
}
