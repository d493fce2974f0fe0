package dev.nlsql.bench;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;

/** A chat model that answers at once with fixed SQL, so a benchmark measures nlsql and not a model. */
final class InstantChatModel implements ChatModel {

    private final String sql;

    InstantChatModel(String sql) {
        this.sql = sql;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return ChatResponse.builder().aiMessage(AiMessage.from(sql)).tokenUsage(new TokenUsage(0, 0)).build();
    }
}
