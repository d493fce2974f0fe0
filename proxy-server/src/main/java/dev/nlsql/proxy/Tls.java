package dev.nlsql.proxy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/** A TLS server context from a PEM certificate chain and a PEM (PKCS#8) private key, as PostgreSQL takes them. */
final class Tls {

    private Tls() {
    }

    static SSLContext context(Path certificate, Path key) throws IOException, GeneralSecurityException {
        Certificate[] chain = CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(certificate))).toArray(new Certificate[0]);
        String pem = Files.readString(key, StandardCharsets.US_ASCII);
        if (!pem.contains("BEGIN PRIVATE KEY")) {
            throw new GeneralSecurityException(key + ": expected a PKCS#8 key (BEGIN PRIVATE KEY); convert with "
                    + "openssl pkcs8 -topk8 -nocrypt -in key.pem -out key.pk8.pem");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        PrivateKey privateKey;
        try {
            privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException notRsa) {
            privateKey = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        char[] password = new char[0];
        store.setKeyEntry("nlsql", privateKey, password, chain);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, password);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }
}
