package dev.nlsql.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static dev.nlsql.testing.ArchitectureSlices.PACKAGES;
import static dev.nlsql.testing.ArchitectureSlices.TOP_LEVEL_CLASSES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.execute.GuardedSql;
import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.List;
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
            "dev.nlsql.config.NearestName",
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
            "dev.nlsql.jdbc.ProxySupport",
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
        slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(driver);
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

    /** The packages of the public API: what module-info exports, and where no public signature names an internal type. */
    static final Set<String> API_PACKAGES = Set.of("dev.nlsql", "dev.nlsql.config", "dev.nlsql.engine", "dev.nlsql.jdbc", "dev.nlsql.sql");

    @Test
    void theLayersAreJdbcThenEngineThenInternal() {
        layeredArchitecture().consideringOnlyDependenciesInAnyPackage("dev.nlsql..")
                .layer("jdbc").definedBy("dev.nlsql.jdbc..")
                .layer("engine").definedBy("dev.nlsql.engine..")
                .layer("internal").definedBy("dev.nlsql.internal..")
                // the vocabulary every layer shares (SQLSTATEs, configuration, SQL dialects and lexing) depends on none of them
                .layer("vocabulary").definedBy("dev.nlsql", "dev.nlsql.config..", "dev.nlsql.sql..")
                .whereLayer("jdbc").mayNotBeAccessedByAnyLayer()
                .whereLayer("engine").mayOnlyBeAccessedByLayers("jdbc")
                .whereLayer("internal").mayOnlyBeAccessedByLayers("jdbc", "engine")
                .check(driver);
    }

    /** A public or protected member of a public API type names no internal type: not as parameter, result, field or exception. */
    @Test
    void theApiNamesNoInternalType() {
        List<String> leaks = new ArrayList<>();
        for (JavaClass c : driver) {
            if (!API_PACKAGES.contains(c.getPackageName()) || !visible(c)) {
                continue;
            }
            for (JavaMember m : c.getMembers()) {
                if (!m.getModifiers().contains(JavaModifier.PUBLIC) && !m.getModifiers().contains(JavaModifier.PROTECTED)) {
                    continue;
                }
                Set<JavaClass> named = new java.util.HashSet<>();
                if (m instanceof JavaCodeUnit u) {
                    named.addAll(u.getReturnType().getAllInvolvedRawTypes());
                    u.getParameterTypes().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
                    u.getExceptionTypes().forEach(named::add);
                } else if (m instanceof JavaField f) {
                    named.addAll(f.getType().getAllInvolvedRawTypes());
                }
                named.stream().filter(t -> t.getPackageName().startsWith("dev.nlsql.internal"))
                        .forEach(t -> leaks.add(m.getFullName() + " names " + t.getName()));
            }
        }
        assertEquals(List.of(), leaks);
    }

    private static boolean visible(JavaClass c) {
        for (JavaClass k = c; k != null; k = k.getEnclosingClass().orElse(null)) {
            if (!k.getModifiers().contains(JavaModifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }

    /** No two classes use each other, directly or around a longer loop (nested classes count as their top-level class). */
    @Test
    void classesHaveNoCycles() {
        slices().assignedFrom(TOP_LEVEL_CLASSES).should().beFreeOfCycles().check(driver);
    }

    /** Only the guard makes GuardedSql, the proof that a statement passed it. */
    @Test
    void onlyTheGuardMakesGuardedSql() {
        noClasses().that().doNotHaveFullyQualifiedName(SqlGuard.class.getName())
                .should().callMethod(GuardedSql.Mint.class, "claim")
                .check(driver);
        noClasses().that().doNotHaveFullyQualifiedName(GuardedSql.Mint.class.getName())
                .should().callConstructor(GuardedSql.class, String.class, net.sf.jsqlparser.statement.select.Select.class, Set.class,
                        dev.nlsql.internal.sql.QueryNames.class, List.class, dev.nlsql.sql.SqlDialect.class)
                .check(driver);
    }

    /** module-info exports the API packages and nothing else. */
    @Test
    void theModuleExportsTheApiOnly() throws Exception {
        // the driver's own output folder: on the class path a resource lookup may find a JDK module's descriptor first
        java.nio.file.Path classes = java.nio.file.Path.of(SqlGuard.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(classes.resolve("module-info.class"))) {
            ModuleDescriptor module = ModuleDescriptor.read(in);
            Set<String> exported = new TreeSet<>();
            module.exports().forEach(e -> {
                assertTrue(!e.isQualified(), "exported to everyone: " + e);
                exported.add(e.source());
            });
            assertEquals(new TreeSet<>(API_PACKAGES), exported);
            assertEquals("dev.nlsql.driver", module.name());
        }
    }

    /** Loggers come from Logs, which stays silent where the host has no slf4j binding instead of printing a warning. */
    @Test
    void loggersComeFromLogs() {
        noClasses().that().resideOutsideOfPackage("dev.nlsql.internal.log..")
                .should().dependOnClassesThat().haveFullyQualifiedName("org.slf4j.LoggerFactory")
                .check(driver);
    }
}
