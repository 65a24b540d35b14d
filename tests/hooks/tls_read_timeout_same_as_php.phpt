--TEST--
On a tls:// client stream (PHP's own handshake with a TLS server in a child process that says nothing until told), stream_set_timeout($c, 0, 300000) and reads nobody answers: in a coroutine fgets() and fread() give exactly PHP's own results (the same calls in main with no coroutine alive: false, false, timed_out true), a parked fread() lets coroutine B run meanwhile ("A reads / B runs / A: [false,true]"), and the stream still works afterwards (the child's "hi" arrives once it is told to send it)
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
$serverCode = <<<'CODE'
$server = stream_socket_server('tls://127.0.0.1:0', $e, $m, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['ssl' => ['local_cert' => $argv[1]]]));
echo stream_socket_get_name($server, false), "\n";
$conn = stream_socket_accept($server, 30);
stream_set_timeout($conn, 30);
fgets($conn);          // told to send
fwrite($conn, "hi\n");
fgets($conn);          // told to end
CODE;
$child = proc_open([PHP_BINARY, '-n', '-r', $serverCode, $pem], [1 => ['pipe', 'w']], $pipes, null, $peerEnv);
$addr = trim(fgets($pipes[1]));
$insecure = stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]);
$c = stream_socket_client("tls://$addr", $errno, $errstr, 30, STREAM_CLIENT_CONNECT, $insecure);
if (!$c) {
    die("client: $errstr\n");
}
stream_set_timeout($c, 0, 300000);
function timed_out_reads($c): string {
    return json_encode([fgets($c), fread($c, 10), stream_get_meta_data($c)['timed_out']]);
}
$php = timed_out_reads($c);
$hooked = Chan\run(fn () => timed_out_reads($c));
echo "PHP's: $php, hooked: ", $hooked === $php ? "same" : "DIFFERENT: $hooked", "\n";
Chan\run(function () use ($c) {
    go(function () {
        echo "B runs\n";
    });
    echo "A reads\n";
    $r = fread($c, 10);
    echo "A: ", json_encode([$r, stream_get_meta_data($c)['timed_out']]), "\n";
});
stream_set_timeout($c, 30);
Chan\run(function () use ($c) {
    fwrite($c, "send\n");
    $line = fgets($c);
    echo "then got ", var_export($line, true), "\n";
    fwrite($c, "end\n");
});
proc_close($child);
unlink($pem);
?>
--EXPECT--
PHP's: [false,false,true], hooked: same
A reads
B runs
A: [false,true]
then got 'hi
'
