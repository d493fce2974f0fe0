package dev.nlsql.bench;

import dev.nlsql.demo.SyntheticSchema;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaLinker;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Time to pick the tables for one question on a 1,000-table schema, with the linker's caches warm. */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class LinkingBenchmark {

    private SchemaCatalog catalog;
    private List<String> questions;
    private SchemaLinker linker;
    private int next;

    @Setup
    public void setUp() {
        catalog = SyntheticSchema.catalog(1_000);
        questions = SyntheticSchema.questions(catalog, 60).stream().map(SyntheticSchema.LinkingQuestion::text).toList();
        linker = new SchemaLinker();
        linker.linkForPrompt(questions.get(0), catalog, List.of());
    }

    @Benchmark
    public SchemaLinker.Linked link() {
        next = (next + 1) % questions.size();
        return linker.linkForPrompt(questions.get(next), catalog, List.of());
    }
}
