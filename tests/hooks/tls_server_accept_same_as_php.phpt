--TEST--
stream_socket_accept() on a tls:// server runs the TLS handshake inside PHP's accept: in a coroutine it parks only that coroutine. Against clients in child processes (one that closes at once, one that sends an HTTP request, one that says nothing past the server's 1 s timeout, one that speaks TLS) the results and warnings are exactly PHP's own (the same accepts in main with no coroutine alive); in one process, a coroutine that connects with tcp:// and sends an HTTP request only once the server is in its handshake gets it refused with PHP's "http request" error (a handshake that blocked the process would time out instead), and a tls:// client coroutine gets its line; Coroutine::cancel() of a coroutine in the handshake, and a withTimeout() deadline passing there, end it with no warning (the cancelled coroutine quietly, the deadline by Chan\\TimeoutException), and the server accepts again afterwards
--EXTENSIONS--
chan
openssl
--FILE--
<?php
use function Chan\go;

// the peer is PHP's own, not under test: it runs without a sanitizer runtime preloaded (the ASan gate's)
$peerEnv = array_diff_key(getenv(), ['LD_PRELOAD' => true]);
$key = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);   // EC: an RSA key takes up to a minute to make under valgrind
$cert = openssl_csr_sign(openssl_csr_new(['commonName' => 'chan.test'], $key), null, $key, 1);
openssl_x509_export($cert, $certPem);
openssl_pkey_export($key, $keyPem);
$pem = tempnam(sys_get_temp_dir(), 'chan-hooks-tls');
file_put_contents($pem, $certPem . $keyPem);
$server = stream_socket_server('tls://127.0.0.1:0', $e, $m, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['ssl' => ['local_cert' => $pem]]));
$addr = stream_socket_get_name($server, false);

// each child waits for its stdin to close before it ends
$clients = [
    'closes' => '$c = stream_socket_client("tcp://%s"); fclose($c); fgets(STDIN);',
    'http' => '$c = stream_socket_client("tcp://%s"); fwrite($c, "GET / HTTP/1.0\r\n\r\n"); fgets(STDIN);',
    'silent' => '$c = stream_socket_client("tcp://%s"); fgets(STDIN);',
    'tls' => '$c = stream_socket_client("tls://%s", $n, $s, 30, STREAM_CLIENT_CONNECT, stream_context_create(["ssl" => ["verify_peer" => false, "verify_peer_name" => false]])); echo fgets($c); fgets(STDIN);',
];
function accept_from(string $code, $server, string $addr, bool $beside): string
{
    global $peerEnv;
    $child = proc_open([PHP_BINARY, '-n', '-r', sprintf($code, $addr)], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, $peerEnv);
    $accept = function () use ($server) {
        ob_start();
        $conn = stream_socket_accept($server, 30);
        if ($conn) {
            fwrite($conn, "served\n");
        }
        return ob_get_clean() . ($conn ? "accepted " . stream_get_meta_data($conn)['crypto']['protocol'] : "false");
    };
    $out = $beside ? Chan\run(function () use ($accept) {
        go(function () {
            for ($i = 0; $i < 5; $i++) {
                Chan\Coroutine::yield();
            }
        });
        return $accept();
    }) : $accept();
    fclose($pipes[0]);
    $child_out = stream_get_contents($pipes[1]);
    proc_close($child);
    return $out . ($child_out !== '' ? " / client read $child_out" : "");
}
foreach ($clients as $name => $code) {
    // the handshake's timeout on an accepted stream: 1 s where the client says nothing
    stream_set_timeout($server, $name === 'silent' ? 1 : 30);
    $php = accept_from($code, $server, $addr, false);
    $hooked = accept_from($code, $server, $addr, true);
    echo "$name: ", trim(preg_replace('~\s+~', ' ', $php)), "\n";
    echo "  hooked: ", $hooked === $php ? "same" : "DIFFERENT: $hooked", "\n";
}

Chan\run(function () use ($server, $addr) {
    go(function () use ($addr) {
        $c = stream_socket_client("tcp://$addr", $n, $s, 30);
        for ($i = 0; $i < 200; $i++) {    // the loop polls every 61 switches: the server accepts meanwhile
            Chan\Coroutine::yield();
        }
        fwrite($c, "GET / HTTP/1.0\r\n\r\n");
        fgets($c);
    });
    ob_start();
    $conn = stream_socket_accept($server, 30);
    $warnings = ob_get_clean();
    echo "in-process http client: ", var_export($conn, true), ", ", str_contains($warnings, 'http request') ? "PHP's http request error" : "OTHER: $warnings", "\n";

    $read = new Chan\Channel(1);
    go(function () use ($addr, $read) {
        $c = stream_socket_client("tls://$addr", $n, $s, 30, STREAM_CLIENT_CONNECT, stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]));
        echo "in-process tls client read: ", fgets($c);
        $read->push(true);
    });
    $conn = stream_socket_accept($server, 30);
    fwrite($conn, "hello\n");
    $read->pop();

    $silent = stream_socket_client("tcp://$addr", $n, $s, 30);   // connected; says nothing
    $id = go(function () use ($server) {
        ob_start();
        try {
            stream_socket_accept($server, 30);
        } finally {
            $out = ob_get_clean();
            echo "cancelled in the handshake, output: ", var_export($out, true), "\n";
        }
    });
    Chan\Coroutine::yield();   // it accepts the waiting connection and parks in the handshake
    Chan\Coroutine::cancel($id);
    Chan\Coroutine::yield();
    $silent2 = stream_socket_client("tcp://$addr", $n, $s, 30);
    ob_start();
    try {
        Chan\withTimeout(0.2, fn () => stream_socket_accept($server, 30));
    } catch (Chan\TimeoutException $e) {
        $out = ob_get_clean();
        echo "past its deadline in the handshake: ", get_class($e), ", output: ", var_export($out, true), "\n";
    }
    go(function () use ($addr) {
        $c = stream_socket_client("tls://$addr", $n, $s, 30, STREAM_CLIENT_CONNECT, stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]));
        echo "after them, a client read: ", fgets($c);
    });
    $conn = stream_socket_accept($server, 30);
    fwrite($conn, "again\n");
});
unlink($pem);
?>
--EXPECTF--
closes: Warning: stream_socket_accept(): Failed to enable crypto in %s on line %d Warning: stream_socket_accept(): Accept failed: %s in %s on line %d false
  hooked: same
http: Warning: stream_socket_accept(): SSL operation failed with code 1. OpenSSL Error messages: error:%s:http request in %s on line %d Warning: stream_socket_accept(): Failed to enable crypto in %s on line %d Warning: stream_socket_accept(): Accept failed: %s in %s on line %d false
  hooked: same
silent: Warning: stream_socket_accept(): SSL: Handshake timed out in %s on line %d Warning: stream_socket_accept(): Failed to enable crypto in %s on line %d Warning: stream_socket_accept(): Accept failed: %s in %s on line %d false
  hooked: same
tls: accepted TLSv1.3 / client read served
  hooked: same
in-process http client: false, PHP's http request error
in-process tls client read: hello
cancelled in the handshake, output: ''
past its deadline in the handshake: Chan\TimeoutException, output: ''
after them, a client read: again
