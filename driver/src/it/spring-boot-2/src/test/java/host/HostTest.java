package host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.util.ClassUtils;

/** Spring Boot 2.7 on slf4j 1.7: the driver loads, passes SQL, answers a question and logs through logback. */
@SpringBootTest(classes = HostTest.App.class, properties = {"spring.datasource.url=${nlsql.url}", "spring.datasource.driver-class-name=dev.nlsql.jdbc.NlDriver",
        "logging.level.dev.nlsql=DEBUG"})
@ExtendWith(OutputCaptureExtension.class)
class HostTest {

    @SpringBootApplication
    static class App {
    }

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theHostIsOnSlf4jOneSeven() {
        assertThatThrownBy(() -> Class.forName("org.slf4j.spi.SLF4JServiceProvider")).isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void sqlPassesThrough() {
        assertThat(jdbc.queryForObject("SELECT count(*) FROM parcels WHERE name <> 'b'", Long.class)).isEqualTo(2L);
    }

    @Test
    void aQuestionIsAnsweredAndLoggedThroughTheHostsLogback(CapturedOutput output) {
        assertThat(jdbc.queryForObject("how many parcels are there?", Long.class)).isEqualTo(3L);
        assertThat(output.getOut()).contains("DEBUG").contains("dev.nlsql.trace").contains("how many parcels are there?");
    }

    @Test
    void theDriversLibrariesStayOutOfTheHost() {
        ClassLoader loader = HostTest.class.getClassLoader();
        assertThat(ClassUtils.isPresent("net.sf.jsqlparser.parser.CCJSqlParserUtil", loader)).isFalse();
        assertThat(ClassUtils.isPresent("dev.langchain4j.model.chat.ChatModel", loader)).isFalse();
        assertThat(ClassUtils.isPresent("com.github.benmanes.caffeine.cache.Caffeine", loader)).isFalse();
    }
}
