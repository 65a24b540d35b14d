--TEST--
The TLS handshake in a coroutine gives exactly PHP's own results (the same calls in main with chan.hooks "none", against a TLS server in a child process that runs PHP's own blocking handshake): ssl:// and tls:// connects with peer verification failing (self-signed, checked against the default context's cafile, another certificate of the test's own; wrong peer name: PHP's warnings, "Failed to enable crypto"), with cafile and peer_name passing (captured peer certificate, "hi" read), tcp:// then stream_socket_enable_crypto(), no method (ValueError), a peer that closes, a peer that never answers (1 s: "SSL: Handshake timed out", the stream left blocking or not as the PHP running leaves it: 8.2 does not restore it), a server whose client never speaks (its read timeout, 1 s), a refused connect; while the handshake with the silent peer waits, a ticker coroutine runs, so it parked only its caller
--EXTENSIONS--
chan
openssl
--FILE--
<?php
// the peer is PHP's own, not under test: it runs without a sanitizer runtime preloaded (the ASan gate's)
$peerEnv = array_diff_key(getenv(), ['LD_PRELOAD' => true]);
$key = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);   // EC: an RSA key takes up to a minute to make under valgrind
$cert = openssl_csr_sign(openssl_csr_new(['commonName' => 'chan.test'], $key), null, $key, 1);
openssl_x509_export($cert, $certPem);
openssl_pkey_export($key, $keyPem);
$pem = tempnam(sys_get_temp_dir(), 'chan-hooks-tls');
file_put_contents($pem, $certPem . $keyPem);
// The trust store of the connects that name no CA: another self-signed certificate, not the machine's
// store (loading a system bundle took 8 s per connect under ASan, and its contents are the machine's)
$otherKey = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);
openssl_x509_export(openssl_csr_sign(openssl_csr_new(['commonName' => 'other.test'], $otherKey), null, $otherKey, 1), $otherPem);
$otherCa = tempnam(sys_get_temp_dir(), 'chan-hooks-tls');
file_put_contents($otherCa, $otherPem);
stream_context_set_default(['ssl' => ['cafile' => $otherCa]]);
// A TLS server (PHP's own, blocking) in a child: each connection gets a handshake and "hi"; a second port closes at once
$serverCode = <<<'CODE'
ini_set('display_errors', 'stderr');
$tls = stream_socket_server('tcp://127.0.0.1:0', $e, $m, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['ssl' => ['local_cert' => $argv[1]]]));
$closer = stream_socket_server('tcp://127.0.0.1:0');
echo stream_socket_get_name($tls, false), " ", stream_socket_get_name($closer, false), "\n";
for (;;) {
    $r = [$tls, $closer, STDIN]; $w = $x = null;
    stream_select($r, $w, $x, null);
    if (in_array(STDIN, $r, true)) exit;
    $ready = reset($r);
    $conn = @stream_socket_accept($ready, 30);
    if (!$conn) continue;
    stream_set_timeout($conn, 120);   // bounds the server's handshake (generously: a slow client, under valgrind or ASan on a busy machine, took over 10 s to say hello)
    if ($ready === $tls && @stream_socket_enable_crypto($conn, true, STREAM_CRYPTO_METHOD_TLS_SERVER)) {
        @fwrite($conn, "hi\n");
    } elseif ($ready === $closer) {
        @fread($conn, 8192);   // what the client sent, so that the close is a FIN, never a reset
    }
    fclose($conn);
}
CODE;
$child = proc_open([PHP_BINARY, '-n', '-r', $serverCode, $pem], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes, null, $peerEnv);
[$tlsAddr, $closerAddr] = explode(' ', trim(fgets($pipes[1])));
$silent = stream_socket_server('tcp://127.0.0.1:0');   // never accepts: the kernel completes the connect, nobody answers
$silentAddr = stream_socket_get_name($silent, false);

$ctx = fn (array $ssl) => stream_context_create(['ssl' => $ssl]);
$insecure = ['verify_peer' => false, 'verify_peer_name' => false];
$read = fn ($s) => is_resource($s) ? [get_resource_type($s), fgets($s), isset(stream_get_meta_data($s)['crypto'])] : $s;
$cases = [
    'ssl, self-signed, verified' => fn () => $read(@stream_socket_client("ssl://$tlsAddr", $no, $str, 30) ?: [$no, $str]),
    'tls, self-signed, warnings' => fn () => $read(stream_socket_client("tls://$tlsAddr", $no, $str, 30)),
    'ssl, cafile, wrong peer name' => fn () => $read(stream_socket_client("ssl://$tlsAddr", $no, $str, 30, STREAM_CLIENT_CONNECT, $ctx(['cafile' => $pem, 'peer_name' => 'other.test']))),
    'ssl, cafile, peer name, captured' => function () use ($tlsAddr, $ctx, $pem, $read) {
        $s = stream_socket_client("ssl://$tlsAddr", $no, $str, 30, STREAM_CLIENT_CONNECT, $ctx(['cafile' => $pem, 'peer_name' => 'chan.test', 'capture_peer_cert' => true]));
        $cn = openssl_x509_parse(stream_context_get_options($s)['ssl']['peer_certificate'])['subject']['CN'];
        return [$cn, $read($s)];
    },
    'tcp, then enable_crypto' => function () use ($tlsAddr, $ctx, $insecure, $read) {
        $s = stream_socket_client("tcp://$tlsAddr", $no, $str, 30, STREAM_CLIENT_CONNECT, $ctx($insecure));
        return [stream_socket_enable_crypto($s, true, STREAM_CRYPTO_METHOD_TLS_CLIENT), $read($s)];
    },
    'tcp, enable_crypto, no method' => function () use ($closerAddr) {
        $s = stream_socket_client("tcp://$closerAddr", $no, $str, 30);
        try {
            return stream_socket_enable_crypto($s, true);
        } finally {
            fclose($s);   // the ValueError's trace holds $s, and Xdebug keeps the last exception: the peer reads until this close
        }
    },
    'tls, peer closes' => fn () => [stream_socket_client("tls://$closerAddr", $no, $str, 30), $no, $str],
    'tcp, enable_crypto, peer closes' => function () use ($closerAddr) {
        $s = stream_socket_client("tcp://$closerAddr", $no, $str, 30);
        return stream_socket_enable_crypto($s, true, STREAM_CRYPTO_METHOD_TLS_CLIENT);
    },
    'ssl, silent peer, 1 s' => fn () => [stream_socket_client("ssl://$silentAddr", $no, $str, 1), $no, $str],
    'tcp, enable_crypto, silent peer, 1 s' => function () use ($silentAddr) {
        $s = stream_socket_client("tcp://$silentAddr", $no, $str, 1);
        return [stream_socket_enable_crypto($s, true, STREAM_CRYPTO_METHOD_TLS_CLIENT), stream_get_meta_data($s)['blocked']];
    },
    'server side, silent client, 1 s' => function () {
        $server = stream_socket_server('tcp://127.0.0.1:0');
        $client = stream_socket_client('tcp://' . stream_socket_get_name($server, false));   // says nothing
        $conn = stream_socket_accept($server, 30);
        stream_set_timeout($conn, 1);
        return [stream_socket_enable_crypto($conn, true, STREAM_CRYPTO_METHOD_TLS_SERVER), stream_get_meta_data($conn)['blocked']];
    },
    'ssl, refused' => fn () => [@stream_socket_client("ssl://127.0.0.1:1", $no, $str, 30), $no, $str],
];
$ticks = 0;
$run = function () use ($cases, &$ticks) {
    $out = [];
    foreach ($cases as $name => $case) {
        $before = $ticks;
        $warnings = [];
        set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[] = $msg; return true; });
        try {
            $r = $case();
        } catch (Throwable $e) {
            $r = get_class($e) . ': ' . $e->getMessage();
            unset($e);   // its trace holds the case's stream: closed now, as PHP's peer expects
        }
        restore_error_handler();
        $out[$name] = json_encode([$r, $warnings]);
        if (str_contains($name, 'silent')) {
            $out["ticks during $name"] = $ticks - $before;
        }
    }
    return $out;
};
ini_set('chan.hooks', 'none');
$php = $run();
ini_restore('chan.hooks');
Chan\run(function () use ($run, $php, &$ticks) {
    $stop = false;
    Chan\go(function () use (&$ticks, &$stop) { while (!$stop) { Chan\Coroutine::sleep(0.001); $ticks++; } });
    $ours = $run();
    $stop = true;
    foreach ($php as $k => $v) {
        if (str_starts_with($k, 'ticks')) {
            echo $k, ": ", $ours[$k] >= 10 ? "the ticker ran" : "only {$ours[$k]} ticks", "\n";
        } else {
            echo $k, ": ", $ours[$k] === $v ? "same" : "DIFFERS: $ours[$k]\n  PHP's: $v", "\n";
        }
    }
});
echo "PHP's: ", $php['ssl, cafile, peer name, captured'], "\n", str_replace([',true],', ',false],'], ',BLOCKED],', $php['tcp, enable_crypto, silent peer, 1 s']), "\n";
fclose($pipes[0]);
proc_close($child);
unlink($pem);
unlink($otherCa);
?>
--EXPECT--
ssl, self-signed, verified: same
tls, self-signed, warnings: same
ssl, cafile, wrong peer name: same
ssl, cafile, peer name, captured: same
tcp, then enable_crypto: same
tcp, enable_crypto, no method: same
tls, peer closes: same
tcp, enable_crypto, peer closes: same
ssl, silent peer, 1 s: same
ticks during ssl, silent peer, 1 s: the ticker ran
tcp, enable_crypto, silent peer, 1 s: same
ticks during tcp, enable_crypto, silent peer, 1 s: the ticker ran
server side, silent client, 1 s: same
ticks during server side, silent client, 1 s: the ticker ran
ssl, refused: same
PHP's: [["chan.test",["stream","hi\n",true]],[]]
[[false,BLOCKED],["stream_socket_enable_crypto(): SSL: Handshake timed out"]]
