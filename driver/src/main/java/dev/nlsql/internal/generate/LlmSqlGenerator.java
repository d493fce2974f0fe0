package dev.nlsql.internal.generate;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.log.Secrets;
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
import dev.langchain4j.model.output.TokenUsage;
import dev.nlsql.config.NlConfig;
import dev.nlsql.config.NlProperty;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/**
 * Generates SQL with any OpenAI-compatible chat model through langchain4j (OpenAI, Ollama,
 * vLLM, llama.cpp). A rate limit or server error is tried again a couple of times with a short
 * back-off; a refused key, an unreachable server or a timeout ends the question at once. A reply
 * longer than {@code nlsql.llm.maxReplyChars} comes back as a rejected generation, without its text.
 */
public final class LlmSqlGenerator implements SqlGenerator {

    private static final Logger LOG = Logs.get(LlmSqlGenerator.class);
    static final int TRANSIENT_RETRIES = 2;
    private static final long BACKOFF_MS = 250;

    private final ChatModel model;
    private final String description;
    private final int maxReplyChars;

    /** With the default {@code nlsql.llm.maxReplyChars}. */
    public LlmSqlGenerator(ChatModel model, String description) {
        this(model, description, Integer.parseInt(NlProperty.LLM_MAX_REPLY_CHARS.defaultValue()));
    }

    public LlmSqlGenerator(ChatModel model, String description, int maxReplyChars) {
        this.model = model;
        this.description = description;
        this.maxReplyChars = maxReplyChars;
    }

    /** The generator the connection's properties describe. */
    public static LlmSqlGenerator openAi(NlConfig config) {
        return new LlmSqlGenerator(LlmClients.chatModel(config), LlmClients.description(config), config.llmMaxReplyChars());
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
                int in = count(usage == null ? null : usage.inputTokenCount());
                int out = count(usage == null ? null : usage.outputTokenCount());
                if (text != null && text.length() > maxReplyChars) {
                    return tooLong(text.length() + " chars", in, out, start, call);
                }
                return new Generation(text, in, out, millisSince(start), call);
            } catch (RateLimitException | InternalServerException e) {
                if (call > TRANSIENT_RETRIES) {
                    throw new LlmUnavailableException("The LLM " + description + " kept failing: " + e.getMessage(), e);
                }
                LOG.debug("LLM call {} failed ({}), trying again", call, Secrets.forLog(e.getMessage()));
                sleep(BACKOFF_MS << (call - 1));
            } catch (AuthenticationException e) {
                throw new LlmUnavailableException("The LLM " + description + " refused the API key: " + e.getMessage()
                        + "; set nlsql.llm.apiKey or OPENAI_API_KEY", e);
            } catch (RuntimeException e) {
                if (tooLongCause(e)) { // our HTTP client stopped reading at its byte cap
                    return tooLong("more than " + BoundedHttpClient.maxBytes(maxReplyChars) + " bytes", 0, 0, start, call);
                }
                throw unavailable(e, start);
            }
        }
    }

    /** The model misbehaved rather than went away: the loop records a rejected attempt and asks again. */
    private Generation tooLong(String size, int in, int out, long start, int call) {
        LOG.debug("LLM reply refused: {} with nlsql.llm.maxReplyChars={}", size, maxReplyChars);
        return Generation.refused(ReplyTooLongException.message(maxReplyChars), in, out, millisSince(start), call);
    }

    private static boolean tooLongCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ReplyTooLongException) {
                return true;
            }
        }
        return false;
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private LlmUnavailableException unavailable(RuntimeException e, long start) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || (t instanceof HttpTimeoutException && !(t instanceof HttpConnectTimeoutException))
                    || t instanceof InterruptedIOException) {
                String what = t instanceof TimeoutException && t.getMessage() != null ? ": " + t.getMessage() : "";
                return new LlmUnavailableException("The LLM " + description + " did not answer within " + ms + " ms" + what
                        + "; raise nlsql.llm.timeoutSeconds (the deadline of one call: connecting, headers and the whole reply) "
                        + "or check the server", e);
            }
            if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof HttpConnectTimeoutException) {
                return new LlmUnavailableException("The LLM " + description + " is unreachable: " + t
                        + "; check nlsql.llm.baseUrl", e);
            }
        }
        String kind = e instanceof NonRetriableException ? "refused the request" : "failed";
        return new LlmUnavailableException("The LLM " + description + " " + kind + ": " + e.getMessage(), e);
    }

    private static int count(Integer n) {
        return n == null ? 0 : n;
    }

    private static void sleep(long ms) throws LlmUnavailableException {
        try {
            if (LlmCancellation.sleep(ms)) {
                throw new LlmUnavailableException(SqlState.QUERY_CANCELED.message(), new LlmUnavailableException.Cancelled());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmUnavailableException("interrupted while waiting to call the LLM again", e);
        }
    }
}
