package host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.util.ClassUtils;

/** Spring Boot 3 with Hibernate: entities and native queries through jdbc:nlsql:, a question, logs through logback. */
@SpringBootTest(properties = {"spring.datasource.url=${nlsql.url}", "spring.datasource.driver-class-name=dev.nlsql.jdbc.NlDriver", "spring.jpa.hibernate.ddl-auto=none", "logging.level.dev.nlsql=DEBUG"})
@ExtendWith(OutputCaptureExtension.class)
class HostTest {

    @Autowired
    Parcels parcels;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void hibernateReadsTheEntities() {
        assertThat(parcels.count()).isEqualTo(3L);
        assertThat(parcels.findById(2).orElseThrow().getName()).isEqualTo("b");
    }

    @Test
    void aSortedNativeQueryRunsWithoutJSqlParser() {
        assertThat(parcels.allButB(Sort.by(Sort.Direction.DESC, "name"))).extracting(Parcel::getName).containsExactly("c", "a");
        ClassLoader loader = HostTest.class.getClassLoader();
        assertThat(ClassUtils.isPresent("net.sf.jsqlparser.parser.CCJSqlParserUtil", loader)).isFalse();
        assertThat(ClassUtils.isPresent("dev.langchain4j.model.chat.ChatModel", loader)).isFalse();
    }

    @Test
    void aQuestionIsAnsweredAndLoggedThroughTheHostsLogback(CapturedOutput output) {
        assertThat(jdbc.queryForObject("how many parcels are there?", Long.class)).isEqualTo(3L);
        assertThat(output.getOut()).contains("DEBUG").contains("dev.nlsql.trace").contains("how many parcels are there?");
    }
}
