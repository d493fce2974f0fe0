package dev.nlsql.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The driver's boundaries: a small public API over {@code dev.nlsql.internal}, packages without cycles,
 * and a leaf for SQL text and AST utilities. Each rule names what broke it.
 */
class DriverArchitectureTest {

    /** The driver's public types, outside {@code dev.nlsql.internal}; README "Public API" lists the same. */
    static final Set<String> PUBLIC_API = Set.of(
            "dev.nlsql.ErrorCategory",
            "dev.nlsql.NlSqlState",
            "dev.nlsql.config.NlConfig",
            "dev.nlsql.config.NlProperty",
            "dev.nlsql.engine.Answer",
            "dev.nlsql.engine.Attempt",
            "dev.nlsql.engine.Conversation",
            "dev.nlsql.engine.CorrectionMetrics",
            "dev.nlsql.engine.Database",
            "dev.nlsql.engine.Narration",
            "dev.nlsql.engine.NlEngine",
            "dev.nlsql.engine.NlEngines",
            "dev.nlsql.engine.Question",
            "dev.nlsql.engine.Trace",
            "dev.nlsql.engine.TraceException",
            "dev.nlsql.jdbc.NlConnection",
            "dev.nlsql.jdbc.NlDataSource",
            "dev.nlsql.jdbc.NlDriver",
            "dev.nlsql.jdbc.NlStatement",
            "dev.nlsql.jdbc.NlUrl",
            "dev.nlsql.jdbc.TextKind",
            "dev.nlsql.sql.LexRules",
            "dev.nlsql.sql.SqlDialect",
            "dev.nlsql.sql.SqlLexer",
            "dev.nlsql.sql.StatementKind");

    private static JavaClasses driver;

    @BeforeAll
    static void importDriver() {
        driver = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.nlsql");
    }

    @Test
    void onlyTheDocumentedTypesArePublicOutsideInternal() {
        Set<String> found = new TreeSet<>();
        for (JavaClass c : driver) {
            if (c.isTopLevelClass() && c.getModifiers().contains(JavaModifier.PUBLIC)
                    && !c.getPackageName().startsWith("dev.nlsql.internal")) {
                found.add(c.getName());
            }
        }
        assertEquals(new TreeSet<>(PUBLIC_API), found, "public types outside dev.nlsql.internal (update README's Public API with them)");
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("dev.nlsql.(**)").should().beFreeOfCycles().check(driver);
    }

    @Test
    void sqlTextUtilitiesAreALeaf() {
        classes().that().resideInAnyPackage("dev.nlsql.sql..", "dev.nlsql.internal.sql..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "net.sf.jsqlparser..", "org.postgresql..", "org.slf4j..",
                        "dev.nlsql.sql..", "dev.nlsql.internal.sql..", "dev.nlsql.internal.log..")
                .check(driver);
    }

    @Test
    void internalsDoNotReachBackIntoTheApi() {
        noClasses().that().resideInAPackage("dev.nlsql.internal..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.nlsql.jdbc..", "dev.nlsql.engine..")
                .check(driver);
    }

    @Test
    void theEngineDoesNotKnowJdbcWrappers() {
        noClasses().that().resideInAPackage("dev.nlsql.engine..")
                .should().dependOnClassesThat().resideInAPackage("dev.nlsql.jdbc..")
                .check(driver);
    }

    @Test
    void theLayersBelowTheCheckDoNotDependOnIt() {
        noClasses().that().resideInAnyPackage("dev.nlsql.internal.schema..", "dev.nlsql.internal.execute..",
                        "dev.nlsql.internal.diagnose..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.nlsql.internal.check..", "dev.nlsql.internal.generate..")
                .check(driver);
    }

    /** Loggers come from Logs, which stays silent where the host has no slf4j binding instead of printing a warning. */
    @Test
    void loggersComeFromLogs() {
        noClasses().that().resideOutsideOfPackage("dev.nlsql.internal.log..")
                .should().dependOnClassesThat().haveFullyQualifiedName("org.slf4j.LoggerFactory")
                .check(driver);
    }
}
