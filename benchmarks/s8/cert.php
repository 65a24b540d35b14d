<?php
/**
 * S8: the self-signed certificate of the TLS runs, made with PHP's openssl
 * (no openssl command needed): an EC P-256 key and a certificate for
 * CN=localhost, subjectAltName IP:127.0.0.1, valid one day, both in one PEM
 * file that PHP's local_cert and Go's tls.LoadX509KeyPair read alike.
 */

declare(strict_types=1);

/** Writes key + certificate into $path (created 0600) and returns $path. */
function s8_make_cert(string $path): string
{
    $config = tempnam(sys_get_temp_dir(), 's8-openssl-cnf-');
    // A minimal openssl.cnf: the subjectAltName must be in the certificate,
    // Go ignores the CN of a server certificate (the loadgen skips
    // verification anyway, but the certificate should be a valid one).
    file_put_contents($config, "[req]\ndistinguished_name = dn\n[dn]\n[v3]\nsubjectAltName = IP:127.0.0.1, DNS:localhost\n"
        . "basicConstraints = CA:FALSE\nkeyUsage = digitalSignature\nextendedKeyUsage = serverAuth\n");
    try {
        $opts = ['config' => $config, 'private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1',
            'digest_alg' => 'sha256', 'x509_extensions' => 'v3',
            'private_key_bits' => 2048]; // PHP 8.2 checks the bits even for an EC key
        $key = openssl_pkey_new($opts);
        if ($key === false) {
            throw new RuntimeException('openssl_pkey_new: ' . openssl_error_string());
        }
        $csr = openssl_csr_new(['commonName' => 'localhost'], $key, $opts);
        if ($csr === false || $csr === true) {
            throw new RuntimeException('openssl_csr_new: ' . openssl_error_string());
        }
        $cert = openssl_csr_sign($csr, null, $key, 1, $opts, random_int(1, PHP_INT_MAX));
        if ($cert === false) {
            throw new RuntimeException('openssl_csr_sign: ' . openssl_error_string());
        }
        if (!openssl_x509_export($cert, $certPem) || !openssl_pkey_export($key, $keyPem, null, $opts)) {
            throw new RuntimeException('openssl export: ' . openssl_error_string());
        }
    } finally {
        @unlink($config);
    }
    touch($path);
    chmod($path, 0600);
    file_put_contents($path, $certPem . $keyPem);
    return $path;
}
