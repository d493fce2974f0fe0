package dev.nlsql.generate;

/** Writes SQL for a question: an LLM, or the offline rules. */
public interface SqlGenerator {

    Generation generate(GenerationRequest request) throws LlmUnavailableException;

    /** True when a call costs an LLM request (counted in the metrics). */
    boolean usesLlm();
}
