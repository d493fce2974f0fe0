package dev.nlsql.generate;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.NonRetriableException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.TokenUsage;
import dev.nlsql.config.NlConfig;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates SQL with any OpenAI-compatible chat model through langchain4j (OpenAI, Ollama,
 * vLLM, llama.cpp). A rate limit or server error is tried again a couple of times with a short
 * back-off; a refused key, an unreachable server or a timeout ends the question at once.
 */
public final class LlmSqlGenerator implements SqlGenerator {

    private static final Logger LOG = LoggerFactory.getLogger(LlmSqlGenerator.class);
    static final int TRANSIENT_RETRIES = 2;
    private static final long BACKOFF_MS = 250;

    private final ChatModel model;
    private final String description;

    public LlmSqlGenerator(ChatModel model, String description) {
        this.model = model;
        this.description = description;
    }

    /** The generator the connection's properties describe. */
    public static LlmSqlGenerator openAi(NlConfig config) {
        OpenAiChatModel.OpenAiChatModelBuilder b = OpenAiChatModel.builder()
                .apiKey(config.llmApiKey() == null ? "not-needed" : config.llmApiKey())
                .modelName(config.llmModel())
                .temperature(0.0)
                .timeout(Duration.ofSeconds(config.llmTimeoutSeconds()))
                .maxRetries(0);
        if (config.llmBaseUrl() != null) {
            b.baseUrl(config.llmBaseUrl());
        }
        String where = config.llmBaseUrl() == null ? "the OpenAI API" : config.llmBaseUrl();
        return new LlmSqlGenerator(b.build(), config.llmModel() + " at " + where);
    }

    @Override
    public boolean usesLlm() {
        return true;
    }

    @Override
    public Generation generate(GenerationRequest request) throws LlmUnavailableException {
        ChatRequest chat = ChatRequest.builder()
                .messages(SystemMessage.from(Prompts.system(request)), UserMessage.from(Prompts.user(request)))
                .build();
        long start = System.nanoTime();
        for (int call = 1; ; call++) {
            try {
                ChatResponse response = model.chat(chat);
                TokenUsage usage = response.tokenUsage();
                String text = response.aiMessage() == null ? null : response.aiMessage().text();
                return new Generation(text, count(usage == null ? null : usage.inputTokenCount()),
                        count(usage == null ? null : usage.outputTokenCount()), (System.nanoTime() - start) / 1_000_000, call);
            } catch (RateLimitException | InternalServerException e) {
                if (call > TRANSIENT_RETRIES) {
                    throw new LlmUnavailableException("The LLM (" + description + ") kept failing: " + e.getMessage(), e);
                }
                LOG.debug("LLM call {} failed ({}), trying again", call, e.getMessage());
                sleep(BACKOFF_MS << (call - 1));
            } catch (AuthenticationException e) {
                throw new LlmUnavailableException("The LLM (" + description + ") refused the API key: " + e.getMessage()
                        + "; set nlsql.llm.apiKey or OPENAI_API_KEY", e);
            } catch (RuntimeException e) {
                throw unavailable(e, start);
            }
        }
    }

    private LlmUnavailableException unavailable(RuntimeException e, long start) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || (t instanceof HttpTimeoutException && !(t instanceof HttpConnectTimeoutException))
                    || t instanceof InterruptedIOException) {
                return new LlmUnavailableException("The LLM (" + description + ") did not answer within " + ms
                        + " ms; raise nlsql.llm.timeoutSeconds or check the server", e);
            }
            if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof HttpConnectTimeoutException) {
                return new LlmUnavailableException("The LLM (" + description + ") is unreachable: " + t
                        + "; check nlsql.llm.baseUrl", e);
            }
        }
        String kind = e instanceof NonRetriableException ? "refused the request" : "failed";
        return new LlmUnavailableException("The LLM (" + description + ") " + kind + ": " + e.getMessage(), e);
    }

    private static int count(Integer n) {
        return n == null ? 0 : n;
    }

    private static void sleep(long ms) throws LlmUnavailableException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmUnavailableException("interrupted while waiting to call the LLM again", e);
        }
    }
}
