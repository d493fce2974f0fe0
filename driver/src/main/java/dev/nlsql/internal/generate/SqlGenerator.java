package dev.nlsql.internal.generate;

/** Writes SQL for a question: an LLM, or the offline rules. */
public interface SqlGenerator {

    /**
     * @throws LlmUnavailableException the LLM cannot be asked (NL004)
     * @throws NotUnderstoodException  a rule-based generator cannot interpret the question (NL005)
     */
    Generation generate(GenerationRequest request) throws LlmUnavailableException, NotUnderstoodException;

    /** True when a call costs an LLM request (counted in the metrics). */
    boolean usesLlm();
}
