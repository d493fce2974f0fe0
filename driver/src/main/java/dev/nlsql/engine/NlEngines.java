package dev.nlsql.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.config.NlConfig;

/** One engine per configuration, shared by every connection that has it (a pool's connections, say). */
public final class NlEngines {

    private static final Cache<String, NlEngine> ENGINES = Caffeine.newBuilder().maximumSize(64).build();

    private NlEngines() {
    }

    public static NlEngine forConfig(NlConfig config) {
        return ENGINES.get(config.identity(), k -> NlEngine.forConfig(config));
    }
}
