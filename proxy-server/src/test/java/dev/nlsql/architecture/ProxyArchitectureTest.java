package dev.nlsql.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static dev.nlsql.testing.ArchitectureSlices.PACKAGES;
import static dev.nlsql.testing.ArchitectureSlices.TOP_LEVEL_CLASSES;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The proxy uses only the driver's public API, and its wire layer stands below its session layer. */
class ProxyArchitectureTest {

    private static final JavaClasses PROXY = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("dev.nlsql.proxy");

    @Test
    void theProxyUsesOnlyThePublicApi() {
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.nlsql.internal..").check(PROXY);
    }

    @Test
    void theWireLayerKnowsNothingOfSessions() {
        noClasses().that().resideInAPackage("dev.nlsql.proxy.wire..")
                .should().dependOnClassesThat().resideInAPackage("dev.nlsql.proxy")
                .because("frames and message types are the protocol's, read the same by every session mode")
                .check(PROXY);
        noClasses().that().resideInAPackage("dev.nlsql.proxy.wire..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.nlsql.jdbc..", "dev.nlsql.engine..", "dev.nlsql.sql..")
                .check(PROXY);
    }

    @Test
    void theProxysPackagesHaveNoCycles() {
        slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(PROXY);
    }

    @Test
    void theProxysClassesHaveNoCycles() {
        // one slice per top-level class (its nested, inner and anonymous classes with it), in every proxy package;
        // a session reaches its server only through PgSession.Server, a login through ClientLogin.Server
        slices().assignedFrom(TOP_LEVEL_CLASSES).should().beFreeOfCycles().check(PROXY);
    }
}
