--TEST--
Both ends of TLS connections in one process, each in its coroutine, with PHP's own calls only: a server coroutine accepts tcp:// connections and runs stream_socket_enable_crypto() as the server; the client runs stream_socket_enable_crypto() on a tcp:// stream, connects with ssl:// to "localhost" (looked up: the family "dns"; the server listens on 127.0.0.1 only, so an address of ::1 first is refused and the next one tried, as PHP does), with tls:// to 127.0.0.1, and reads https://127.0.0.1 with file_get_contents(). Without the hook either handshake would wait for the other forever (both blocking the one process); here each parks its coroutine, every exchange completes, and a coroutine queued before the first handshake runs before it returns
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
$port = explode(':', $addr)[1];
$served = [];

Chan\run(function () use ($server, $addr, $port, &$served) {
    go(function () use ($server, &$served) {
        for ($i = 0; $i < 4; $i++) {
            $conn = stream_socket_accept($server, 30);
            stream_set_timeout($conn, 30);
            $served[] = var_export(stream_socket_enable_crypto($conn, true, STREAM_CRYPTO_METHOD_TLS_SERVER), true);
            $req = fgets($conn);
            if (str_starts_with($req, 'GET')) {
                while (($l = fgets($conn)) !== "\r\n" && $l !== false);
                fwrite($conn, "HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello");
            } else {
                fwrite($conn, "echo $req");
            }
            fclose($conn);
        }
    });
    $insecure = ['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]];
    $order = [];
    go(function () use (&$order) { $order[] = 'queued coroutine'; });
    $c = stream_socket_client("tcp://$addr", $code, $message, 30, STREAM_CLIENT_CONNECT, stream_context_create($insecure));
    $ok = stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT);
    $order[] = 'handshake';
    echo "enable_crypto: ", var_export($ok, true), ", ", implode(', ', $order), "\n";
    fwrite($c, "one\n");
    echo fgets($c);
    foreach (["ssl://localhost:$port", "tls://$addr"] as $i => $url) {
        $c = stream_socket_client($url, $code, $message, 30, STREAM_CLIENT_CONNECT, stream_context_create($insecure));
        echo explode(':', $url)[0], ": ", stream_get_meta_data($c)['crypto']['protocol'] ?? 'no crypto', ", ";
        fwrite($c, "conn $i\n");
        echo fgets($c);
    }
    echo "https: ", file_get_contents("https://127.0.0.1:$port/", false, stream_context_create($insecure)), "\n";
});
echo "server: ", implode(', ', $served), "\n";
unlink($pem);
?>
--EXPECTF--
enable_crypto: true, queued coroutine, handshake
echo one
ssl: TLSv1.%d, echo conn 0
tls: TLSv1.%d, echo conn 1
https: hello
server: true, true, true, true
