package dev.nlsql.internal.generate;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.http.client.HttpMethod;
import dev.langchain4j.http.client.HttpRequest;
import dev.nlsql.testing.FakeOpenAi;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A question's cancel and the model client: a call made after the cancel is not made at all. The client hands the reply
 * over on its selector thread (a direct executor), so a fast model can complete an exchange before the exchange is
 * registered for the cancel; the check before and after the call keeps a cancel from being lost in that window
 * (SourcesIT.cancelStopsAStepRunningOnASource met it: a step's cancel was followed by a model call that answered).
 */
class LlmCancellationIT {

    private static HttpRequest chat(FakeOpenAi llm) {
        return HttpRequest.builder().method(HttpMethod.POST).url(llm.baseUrl() + "/chat/completions")
                .addHeader("Content-Type", "application/json")
                .body("{\"model\":\"fake\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}").build();
    }

    @Test
    void aCallAfterTheCancelIsNotMade() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT 1"), answer("SELECT 2"))) {
            BoundedHttpClient client = BoundedHttpClient.builder(1000).readTimeout(Duration.ofSeconds(5)).build();
            try (LlmCancellation scope = LlmCancellation.open()) {
                assertEquals(200, client.execute(chat(llm)).statusCode(), "before the cancel the call is made");
                scope.cancel();
                assertThrows(LlmUnavailableException.Cancelled.class, () -> client.execute(chat(llm)));
            }
            assertEquals(1, llm.requestCount(), "the model was asked after the cancel");
        }
    }
}
