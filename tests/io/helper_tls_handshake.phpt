--TEST--
TLS without blocking: Chan\stream_socket_enable_crypto on the server and a tls:// Chan\stream_socket_client shake hands with a certificate made by the test and echo over TLS; a client that verifies the self-signed certificate fails with false and the server's handshake with false
--EXTENSIONS--
chan
openssl
--FILE--
<?php
use function Chan\{go, run, stream_socket_accept, stream_socket_client, stream_socket_enable_crypto, fgets, fwrite};

$key = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);   // EC: an RSA key takes up to a minute to make under valgrind
$cert = openssl_csr_sign(openssl_csr_new(['commonName' => 'chan.test'], $key), null, $key, 1);
openssl_x509_export($cert, $certPem);
openssl_pkey_export($key, $keyPem);
$pem = tempnam(sys_get_temp_dir(), 'chan-tls');
file_put_contents($pem, $certPem . $keyPem);

$server = stream_socket_server('tcp://127.0.0.1:0', $e, $m, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['ssl' => ['local_cert' => $pem]]));
$addr = stream_socket_get_name($server, false);
$log = [];

go(function () use ($server, &$log) {
    for ($i = 0; $i < 2; $i++) {
        $conn = stream_socket_accept($server, 30);
        $ok = @stream_socket_enable_crypto($conn, true, STREAM_CRYPTO_METHOD_TLS_SERVER, null, 30);
        $log[] = "server handshake $i: " . var_export($ok, true);
        if ($ok) {
            fwrite($conn, strrev(rtrim(fgets($conn, null, 30))) . "\n", 30);
        }
        fclose($conn);
    }
});

run(function () use ($addr, &$log) {
    $insecure = stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]);
    $c = stream_socket_client("tls://$addr", $code, $message, 30, STREAM_CLIENT_CONNECT, $insecure);
    $meta = stream_get_meta_data($c);
    $log[] = "encrypted: " . (isset($meta['crypto']) ? "yes" : "no");
    fwrite($c, "olleh\n", 30);
    $line = fgets($c, null, 30);
    $log[] = "echo: " . trim($line);
    fclose($c);

    $strict = stream_context_create(['ssl' => ['verify_peer' => true, 'cafile' => '/nonexistent']]);
    $c = @stream_socket_client("tls://$addr", $code, $message, 30, STREAM_CLIENT_CONNECT, $strict);
    $log[] = "verifying client: " . var_export($c, true);
});
sort($log);
echo implode("\n", $log), "\n";
unlink($pem);
?>
--EXPECT--
echo: hello
encrypted: yes
server handshake 0: true
server handshake 1: false
verifying client: false
