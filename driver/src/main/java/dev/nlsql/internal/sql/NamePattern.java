package dev.nlsql.internal.sql;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A case-insensitive name pattern in which {@code *} stands for any run of characters, for
 * function names and the relations refused whatever the allow-list says; the allow-list's own
 * patterns, which follow the database's rule for case, are {@link TablePattern}s.
 */
public final class NamePattern {

    private final String text;
    private final Pattern regex;

    public NamePattern(String text) {
        this.text = text.trim().toLowerCase(Locale.ROOT);
        this.regex = Pattern.compile(Arrays.stream(this.text.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    public boolean matches(String name) {
        return name != null && regex.matcher(name.toLowerCase(Locale.ROOT)).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
