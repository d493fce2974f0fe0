package dev.nlsql.proxy;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/** The server side of SCRAM-SHA-256 (RFC 5802, RFC 7677) as PostgreSQL uses it, without channel binding. */
final class ScramSha256 {

    static final String MECHANISM = "SCRAM-SHA-256";
    static final int ITERATIONS = 4096;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String password;
    private final byte[] salt = new byte[16];
    private final String serverNonce;
    private String clientFirstBare;
    private String serverFirst;
    private String nonce;

    ScramSha256(String password) {
        this.password = password;
        RANDOM.nextBytes(salt);
        byte[] n = new byte[18];
        RANDOM.nextBytes(n);
        this.serverNonce = Base64.getEncoder().encodeToString(n);
    }

    /** The server-first message for the client-first message; throws on a malformed message. */
    String serverFirst(String clientFirst) throws GeneralSecurityException {
        if (!clientFirst.startsWith("n,") && !clientFirst.startsWith("y,")) {
            throw new GeneralSecurityException("channel binding is not supported");
        }
        int bare = clientFirst.indexOf(',', 2);
        clientFirstBare = clientFirst.substring(bare + 1);
        String clientNonce = attributes(clientFirstBare).get("r");
        if (clientNonce == null || clientNonce.isEmpty()) {
            throw new GeneralSecurityException("client-first message without a nonce");
        }
        nonce = clientNonce + serverNonce;
        serverFirst = "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(salt) + ",i=" + ITERATIONS;
        return serverFirst;
    }

    /** Checks the client's proof; returns the server-final message, or null when the proof is wrong. */
    String serverFinal(String clientFinal) throws GeneralSecurityException {
        Map<String, String> attrs = attributes(clientFinal);
        if (!nonce.equals(attrs.get("r")) || attrs.get("p") == null) {
            return null;
        }
        String withoutProof = clientFinal.substring(0, clientFinal.lastIndexOf(",p="));
        String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
        byte[] salted = salted(password, salt);
        byte[] clientKey = hmac(salted, "Client Key");
        byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
        byte[] signature = hmac(storedKey, authMessage);
        byte[] proof = Base64.getDecoder().decode(attrs.get("p"));
        if (proof.length != signature.length) {
            return null;
        }
        byte[] recovered = new byte[proof.length];
        for (int i = 0; i < proof.length; i++) {
            recovered[i] = (byte) (proof[i] ^ signature[i]);
        }
        if (!MessageDigest.isEqual(MessageDigest.getInstance("SHA-256").digest(recovered), storedKey)) {
            return null;
        }
        byte[] serverKey = hmac(salted, "Server Key");
        return "v=" + Base64.getEncoder().encodeToString(hmac(serverKey, authMessage));
    }

    private static byte[] salted(String password, byte[] salt) throws GeneralSecurityException {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, ITERATIONS, 256);
        return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    }

    private static byte[] hmac(byte[] key, String data) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> attributes(String message) {
        Map<String, String> out = new HashMap<>();
        for (String part : message.split(",")) {
            if (part.length() >= 2 && part.charAt(1) == '=') {
                out.put(part.substring(0, 1), part.substring(2));
            }
        }
        return out;
    }
}
