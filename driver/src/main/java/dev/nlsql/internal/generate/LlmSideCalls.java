package dev.nlsql.internal.generate;

import dev.nlsql.internal.SqlState;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.nlsql.config.NlConfig;

/**
 * The small model calls around a question, outside its attempts: reading a follow-up as a standalone question, and
 * narrating an answer. Bounded like the generator's calls: the same HTTP client (one deadline over connecting, headers
 * and body; the body read through a byte cap), {@code nlsql.llm.maxReplyChars}, and one try (no retries: these calls
 * are extras, and a failure here falls back to the rules or the template, or ends the question with NL004).
 */
public final class LlmSideCalls {

    /** A reply: its text (null when the model said nothing usable), the calls made and the tokens they cost. */
    public record Reply(String text, int inputTokens, int outputTokens) {
    }

    private final ChatModel model;
    private final String description;
    private final int maxReplyChars;

    public LlmSideCalls(ChatModel model, String description, int maxReplyChars) {
        this.model = model;
        this.description = description;
        this.maxReplyChars = maxReplyChars;
    }

    /** The calls the connection's properties describe: the same server, model and bounds as its generator. */
    public static LlmSideCalls openAi(NlConfig config) {
        return new LlmSideCalls(LlmClients.chatModel(config), LlmClients.description(config), config.llmMaxReplyChars());
    }

    /** System prompt of the follow-up rewrite. */
    static final String STANDALONE_SYSTEM = """
            You rewrite a follow-up question into one standalone question about a database.
            You are given the previous question, the SQL that answered it, and the follow-up.
            Reply with the standalone question only: one line, in the language of the follow-up, no SQL, no quotes, no explanation.
            If the follow-up already stands alone, repeat it unchanged.""";

    /** System prompt of the narration. */
    static final String NARRATE_SYSTEM = """
            You explain the result of a database query to the person who asked the question.
            Answer in one short paragraph (at most three sentences), in the same language as the question.
            Use only the rows given; when rows were left out, say the figures shown are the first ones.
            When there are no rows, say that nothing matched. No SQL, no markdown, no preamble.""";

    /** The follow-up as a standalone question, given the previous question and its SQL. */
    public Reply standalone(String previousQuestion, String previousSql, String followUp) throws LlmUnavailableException {
        String user = "Previous question: " + previousQuestion + "\nSQL that answered it: " + previousSql + "\nFollow-up: " + followUp
                + "\nStandalone question:";
        return ask(STANDALONE_SYSTEM, user);
    }

    /** A paragraph saying what the rows mean; {@code rowsText} is already bounded by the caller. */
    public Reply narrate(String question, String sql, String rowsText) throws LlmUnavailableException {
        String user = "Question: " + question + "\nSQL: " + sql + "\n" + rowsText + "\nAnswer:";
        return ask(NARRATE_SYSTEM, user);
    }

    private Reply ask(String system, String user) throws LlmUnavailableException {
        ChatRequest chat = ChatRequest.builder().messages(SystemMessage.from(system), UserMessage.from(user)).build();
        try {
            ChatResponse response = model.chat(chat);
            TokenUsage usage = response.tokenUsage();
            int in = usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
            int out = usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
            String text = response.aiMessage() == null ? null : response.aiMessage().text();
            if (text != null && (text.isBlank() || text.length() > maxReplyChars)) {
                text = null;
            }
            return new Reply(text == null ? null : text.strip(), in, out);
        } catch (LlmUnavailableException.Cancelled e) {
            throw new LlmUnavailableException(SqlState.QUERY_CANCELED.message(), e);
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof LlmUnavailableException.Cancelled) {
                    throw new LlmUnavailableException(SqlState.QUERY_CANCELED.message(), e);
                }
                if (t instanceof ReplyTooLongException) {
                    return new Reply(null, 0, 0);
                }
            }
            throw new LlmUnavailableException("The LLM " + description + " failed: " + e.getMessage(), e);
        }
    }
}
