package dev.nlsql.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
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

    /** One slice per package. */
    private static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return SliceIdentifier.of(c.getPackageName());
        }

        @Override
        public String getDescription() {
            return "packages";
        }
    };

    /** One slice per top-level class, its nested classes with it. */
    private static final SliceAssignment TOP_LEVEL_CLASSES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String name = c.getName();
            int nested = name.indexOf('$');
            return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
            return "top-level classes";
        }
    };
}
