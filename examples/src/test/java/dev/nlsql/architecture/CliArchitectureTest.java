package dev.nlsql.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static dev.nlsql.testing.ArchitectureSlices.PACKAGES;
import static dev.nlsql.testing.ArchitectureSlices.TOP_LEVEL_CLASSES;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The command line uses only the driver's public API, has no package or class cycles, and its jar holds no test scaffolding. */
class CliArchitectureTest {

    private static JavaClasses cli() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.nlsql.cli", "dev.nlsql.chart", "dev.nlsql.demo", "dev.nlsql.eval");
    }

    @Test
    void theCliUsesOnlyThePublicApi() {
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.nlsql.internal..").check(cli());
    }

    @Test
    void noTestScaffoldingInTheCli() {
        JavaClasses cli = cli();
        assertFalse(cli.contain("dev.nlsql.eval.FaultInjectingLlm"), "the fault-injecting model belongs to test sources");
        assertFalse(cli.contain("dev.nlsql.demo.SyntheticSchema"), "the synthetic schema belongs to test sources");
    }

    @Test
    void theCliHasNoPackageOrClassCycles() {
        JavaClasses cli = cli();
        slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(cli);
        slices().assignedFrom(TOP_LEVEL_CLASSES).should().beFreeOfCycles().check(cli);
    }
}
