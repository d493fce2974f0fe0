package dev.nlsql.proxy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The users file of {@code --users}: one {@code name:password} a line; '#' starts a comment. */
final class Users {

    private final Map<String, String> passwords;

    private Users(Map<String, String> passwords) {
        this.passwords = passwords;
    }

    static Users read(Path file) throws IOException {
        Map<String, String> out = new HashMap<>();
        int n = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            n++;
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException(file + " line " + n + ": expected name:password");
            }
            out.put(line.substring(0, colon).strip(), line.substring(colon + 1));
        }
        return new Users(Map.copyOf(out));
    }

    static Users of(Map<String, String> passwords) {
        return new Users(Map.copyOf(passwords));
    }

    /** The user's password, or null for an unknown user. */
    String password(String user) {
        return passwords.get(user);
    }
}
