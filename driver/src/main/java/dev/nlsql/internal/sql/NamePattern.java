package dev.nlsql.internal.sql;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A case-insensitive name pattern in which {@code *} stands for any run of characters. */
public final class NamePattern {

    private final String text;
    private final Pattern regex;
    /** The pattern as written, for databases that tell names apart by case. */
    private final Pattern exactRegex;

    public NamePattern(String text) {
        this.text = text.trim().toLowerCase(Locale.ROOT);
        this.regex = compile(this.text);
        this.exactRegex = compile(text.trim());
    }

    private static Pattern compile(String text) {
        return Pattern.compile(Arrays.stream(text.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    public boolean matches(String name) {
        return name != null && regex.matcher(name.toLowerCase(Locale.ROOT)).matches();
    }

    /** True when the name matches the pattern as written, case included. */
    public boolean matchesExactCase(String name) {
        return name != null && exactRegex.matcher(name).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
