package dev.nlsql.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The proxy uses only the driver's public API. */
class ProxyArchitectureTest {

    @Test
    void theProxyUsesOnlyThePublicApi() {
        JavaClasses proxy = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.nlsql.proxy");
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.nlsql.internal..").check(proxy);
    }
}
