--TEST--
fgets() leaves "world" in the stream's buffer, then fread($c, 100) in a coroutine: from PHP 8.3 on PHP returns what is buffered without waiting for more, and so does the hooked call, which does not park (a second coroutine that makes the peer send "late" only once the reader is in fread() finds it returned with "world"); PHP 8.2 waits for more, and the hooked call parks until "late" arrives ("worldlate"). On a unix socket pair, and on a TLS stream (server and client in coroutines of this process)
--EXTENSIONS--
chan
openssl
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

/* Runs in a coroutine: reads a line, then the rest; $late makes the peer
 * send "late", called by a second coroutine once this one is in fread(). */
function read_past_line($c, callable $late): string
{
    $inFread = new Channel(1);
    $sent = new Channel(1);
    go(function () use ($inFread, $sent, $late) {
        $inFread->pop();
        for ($i = 0; $i < 20; $i++) {
            Chan\Coroutine::yield();
        }
        $late();
        $sent->push(true);
    });
    $line = fgets($c);
    $inFread->push(true);
    $rest = fread($c, 100);
    $sent->pop();
    return json_encode([$line, $rest]);
}

$rule = PHP_VERSION_ID >= 80300 ? '["hello\n","world"]' : '["hello\n","worldlate"]';

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
fwrite($b, "hello\nworld");
$got = Chan\run(fn () => read_past_line($a, fn () => fwrite($b, "late")));
echo "unix socket pair: ", $got === $rule ? "PHP's rule" : "DIFFERENT: $got", "\n";

$key = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);
$cert = openssl_csr_sign(openssl_csr_new(['commonName' => 'chan.test'], $key), null, $key, 1);
openssl_x509_export($cert, $certPem);
openssl_pkey_export($key, $keyPem);
$pem = tempnam(sys_get_temp_dir(), 'chan-hooks-tls');
file_put_contents($pem, $certPem . $keyPem);
$server = stream_socket_server('tcp://127.0.0.1:0', $e, $m, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['ssl' => ['local_cert' => $pem]]));
$addr = stream_socket_get_name($server, false);
$got = Chan\run(function () use ($server, $addr) {
    go(function () use ($server) {
        $conn = stream_socket_accept($server, 30);
        stream_set_timeout($conn, 30);
        stream_socket_enable_crypto($conn, true, STREAM_CRYPTO_METHOD_TLS_SERVER);
        fwrite($conn, "hello\nworld");
        fgets($conn);          // asked for "late"
        fwrite($conn, "late");
        fgets($conn);          // the client's end
    });
    $insecure = stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]);
    $c = stream_socket_client("tcp://$addr", $code, $message, 30, STREAM_CLIENT_CONNECT, $insecure);
    stream_set_timeout($c, 30);
    stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_CLIENT);
    $got = read_past_line($c, fn () => fwrite($c, "late?\n"));
    fclose($c);
    return $got;
});
echo "TLS: ", $got === $rule ? "PHP's rule" : "DIFFERENT: $got", "\n";
unlink($pem);
?>
--EXPECT--
unix socket pair: PHP's rule
TLS: PHP's rule
