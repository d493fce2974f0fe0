package dev.nlsql.internal.generate;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.listener.ChatModelResponseContext;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatResponseMetadata;
import dev.langchain4j.model.output.TokenUsage;
import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.log.Secrets;
import org.slf4j.Logger;

/**
 * One DEBUG line per model call, on {@code dev.nlsql.llm}: the model, the tokens, the latency and the HTTP status, so an
 * operator can tell a slow model from a slow database and see rate limits. Never the prompt, the reply or a key.
 */
final class ModelCallLog implements ChatModelListener {

    static final Logger LOG = Logs.get("dev.nlsql.llm");
    private static final String STARTED = "nlsql.callStarted";

    @Override
    public void onRequest(ChatModelRequestContext context) {
        context.attributes().put(STARTED, System.nanoTime());
    }

    @Override
    public void onResponse(ChatModelResponseContext context) {
        if (!LOG.isDebugEnabled()) {
            return;
        }
        ChatResponse reply = context.chatResponse();
        String model = reply.metadata() != null && reply.metadata().modelName() != null ? reply.metadata().modelName()
                : context.chatRequest().modelName();
        Object status = reply.metadata() instanceof OpenAiChatResponseMetadata openAi && openAi.rawHttpResponse() != null
                ? openAi.rawHttpResponse().statusCode() : "-";
        TokenUsage tokens = reply.tokenUsage();
        LOG.debug("model call: model={} status={} input_tokens={} output_tokens={} ms={}", Secrets.forLog(model), status,
                tokens == null ? "-" : tokens.inputTokenCount(), tokens == null ? "-" : tokens.outputTokenCount(),
                millisSince(context.attributes().get(STARTED)));
    }

    @Override
    public void onError(ChatModelErrorContext context) {
        if (!LOG.isDebugEnabled()) {
            return;
        }
        Object status = "-";
        for (Throwable t = context.error(); t != null; t = t.getCause()) {
            if (t instanceof HttpException http) {
                status = http.statusCode();
                break;
            }
        }
        // the error's class, not its message: a server's error body may echo what was sent
        LOG.debug("model call failed: model={} status={} error={} ms={}", Secrets.forLog(context.chatRequest().modelName()), status,
                context.error().getClass().getSimpleName(), millisSince(context.attributes().get(STARTED)));
    }

    private static Object millisSince(Object startedNanos) {
        return startedNanos instanceof Long started ? (System.nanoTime() - started) / 1_000_000 : "-";
    }
}
