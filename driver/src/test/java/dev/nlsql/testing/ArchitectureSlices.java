package dev.nlsql.testing;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/** How every module's architecture test cuts its classes for the cycle rules: by package, and by top-level class. */
public final class ArchitectureSlices {

    /** One slice per package. */
    public static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return SliceIdentifier.of(c.getPackageName());
        }

        @Override
        public String getDescription() {
            return "packages";
        }
    };

    /** One slice per top-level class, its nested, inner and anonymous classes with it: a class cycle is a cycle of these. */
    public static final SliceAssignment TOP_LEVEL_CLASSES = new SliceAssignment() {
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

    private ArchitectureSlices() {
    }
}
