--TEST--
TLS streams (tcp_socket/ssl with crypto on; both ends in one process, handshakes done cooperatively with Chan\stream_socket_enable_crypto(), then both ends made blocking again): PHP's own fgets() on the client parks only its coroutine (the server coroutine runs, reads "ping" with PHP's fgets() and answers; "client reads / server got 'ping' / client got 'pong'"); then 1 MB written with one fwrite() on the server arrives intact through PHP's fread() in 1000-byte calls on the client (same md5), including bytes OpenSSL already holds decrypted
--EXTENSIONS--
chan
openssl
--FILE--
<?php
use function Chan\go;

$key = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);   // EC: an RSA key takes up to a minute to make under valgrind
$cert = openssl_csr_sign(openssl_csr_new(['commonName' => 'chan.test'], $key), null, $key, 1);
openssl_x509_export($cert, $certPem);
openssl_pkey_export($key, $keyPem);
$pem = tempnam(sys_get_temp_dir(), 'chan-hooks-tls');
file_put_contents($pem, $certPem . $keyPem);

$server = stream_socket_server('tcp://127.0.0.1:0', $e, $m, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['ssl' => ['local_cert' => $pem]]));
$addr = stream_socket_get_name($server, false);
$data = random_bytes(1 << 20);
$pongSeen = new Chan\Channel();

go(function () use ($server, $data, $pongSeen) {
    $conn = stream_socket_accept($server, 30);
    if (!Chan\stream_socket_enable_crypto($conn, true, STREAM_CRYPTO_METHOD_TLS_SERVER, null, 30)) {
        die("server handshake failed\n");
    }
    stream_set_blocking($conn, true);   // the Chan\ helper left it non-blocking
    $line = fgets($conn);
    echo "server got ", var_export($line, true), "\n";
    fwrite($conn, "pong\n");
    $pongSeen->pop();
    echo "server wrote ", var_export(fwrite($conn, $data), true), " bytes\n";
    fclose($conn);
});
Chan\run(function () use ($addr, $data, $pongSeen) {
    $insecure = stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]);
    $c = stream_socket_client("tcp://$addr", $code, $message, 30, STREAM_CLIENT_CONNECT, $insecure);
    if (!Chan\stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT, null, 30)) {
        die("client handshake failed\n");
    }
    stream_set_blocking($c, true);   // the Chan\ helper left it non-blocking
    $meta = stream_get_meta_data($c);
    echo "client: ", $meta['stream_type'], ", encrypted: ", isset($meta['crypto']) ? "yes" : "no", "\n";
    go(function () use ($c) {
        fwrite($c, "ping\n");
    });
    echo "client reads\n";
    $line = fgets($c);
    echo "client got ", var_export($line, true), "\n";
    $pongSeen->push(true);
    $got = '';
    while (strlen($got) < strlen($data) && ($chunk = fread($c, 1000)) !== false && $chunk !== '') {
        $got .= $chunk;
    }
    echo "client got ", strlen($got), " bytes, ", md5($got) === md5($data) ? "same md5" : "DIFFERENT", "\n";
    fclose($c);
});
unlink($pem);
?>
--EXPECT--
client: tcp_socket/ssl, encrypted: yes
client reads
server got 'ping
'
client got 'pong
'
server wrote 1048576 bytes
client got 1048576 bytes, same md5
