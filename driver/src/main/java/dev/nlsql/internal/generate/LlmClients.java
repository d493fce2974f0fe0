package dev.nlsql.internal.generate;

import dev.nlsql.internal.log.Secrets;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.nlsql.config.NlConfig;
import java.time.Duration;

/** The chat model a connection's properties describe, shared by the SQL generator and the side calls. */
final class LlmClients {

    private LlmClients() {
    }

    static ChatModel chatModel(NlConfig config) {
        Duration deadline = Duration.ofSeconds(config.llmTimeoutSeconds());
        Secrets.remember(config.llmApiKey()); // an error body that echoes the key is masked like a URL's secrets
        Secrets.secretsIn(config.llmBaseUrl()).forEach(Secrets::remember);
        OpenAiChatModel.OpenAiChatModelBuilder b = OpenAiChatModel.builder()
                .apiKey(config.llmApiKey() == null ? "not-needed" : config.llmApiKey())
                .modelName(config.llmModel())
                .temperature(0.0)
                .timeout(deadline)
                // our client: the deadline covers the body too, and the body is read through a byte cap
                .httpClientBuilder(BoundedHttpClient.builder(config.llmMaxReplyChars()).connectTimeout(deadline).readTimeout(deadline))
                .maxRetries(0)
                .listeners(java.util.List.of(new ModelCallLog()));
        if (config.llmSeed() != null) {
            b.seed(config.llmSeed());
        }
        if (config.llmBaseUrl() != null) {
            b.baseUrl(config.llmBaseUrl());
        }
        return b.build();
    }

    /** "model at server", for messages. */
    static String description(NlConfig config) {
        return config.llmModel() + " at " + (config.llmBaseUrl() == null ? "the OpenAI API" : Secrets.maskUrl(config.llmBaseUrl()));
    }
}
