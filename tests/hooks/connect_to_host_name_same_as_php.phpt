--TEST--
The family "dns" in a stream's connect: fsockopen(), stream_socket_client() and the http:// wrapper given a host name look it up on a helper thread and connect to its addresses in turn as PHP does: a coroutine queued before the connect runs before it returns; the results, errno/errstr and warnings are PHP's own (the same calls in main with chan.hooks "none") for a name that connects (also with the http wrapper's timeout at PHP_INT_MAX, which PHP turns negative and waits forever on), a refused port on it (every address tried, the last error kept), a name that does not exist (PHP's getaddrinfo warning) and a UDP "connect"
--EXTENSIONS--
chan
--FILE--
<?php
putenv('RES_OPTIONS=timeout:1 attempts:1');
$srv = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
$port = (int) substr(strrchr(stream_socket_get_name($srv, false), ':'), 1);
$closed = stream_socket_server('tcp://127.0.0.1:0');
$refused = (int) substr(strrchr(stream_socket_get_name($closed, false), ':'), 1);
fclose($closed);

$calls = [
    'fsockopen localhost' => function () use ($port, $srv) {
        $s = fsockopen('localhost', $port, $errno, $errstr, 5);
        $peer = stream_socket_accept($srv, 5);
        $ok = $s !== false && $peer !== false;
        return [$ok, $errno, $errstr];
    },
    'stream_socket_client tcp://localhost' => function () use ($port, $srv) {
        $s = stream_socket_client("tcp://localhost:$port", $errno, $errstr, 5);
        $peer = stream_socket_accept($srv, 5);
        return [$s !== false && $peer !== false, $errno, $errstr, is_resource($s) ? stream_get_meta_data($s)['stream_type'] : null];
    },
    'http wrapper, timeout PHP_INT_MAX' => function () {
        // PHP turns the context's timeout into a negative one, and waits
        // forever: a child process answers, once
        $code = '$s = stream_socket_server("tcp://127.0.0.1:0"); echo stream_socket_get_name($s, false), "\n";'
            . '$c = stream_socket_accept($s, 10); fgets($c); fwrite($c, "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok");';
        $p = proc_open([PHP_BINARY, '-n', '-r', $code], [1 => ['pipe', 'w']], $pipes);
        $port = (int) substr(strrchr(trim(fgets($pipes[1])), ':'), 1);
        $ctx = stream_context_create(['http' => ['timeout' => PHP_INT_MAX]]);
        $f = @fopen("http://localhost:$port/", 'r', false, $ctx); // PHP 8.6 refuses it, with a warning
        $r = [is_resource($f) ? stream_get_contents($f) : $f];
        if (!is_resource($f)) {
            // the child's one request, so that it ends as it should rather
            // than by its accept's timeout (whose path leaks in PHP 8.6.0RC3,
            // reported by valgrind, which follows children)
            $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
            fwrite($c, "GET / HTTP/1.0\r\n");
            stream_get_contents($c);
        }
        proc_close($p);
        return $r;
    },
    'refused on localhost' => function () use ($refused) {
        $s = @stream_socket_client("tcp://localhost:$refused", $errno, $errstr, 5);
        return [$s, $errno, $errstr, error_get_last()['message'] ?? null];
    },
    'no such host' => function () {
        $s = @fsockopen('no-such-host.invalid', 80, $errno, $errstr, 5);
        return [$s, $errno, $errstr, error_get_last()['message'] ?? null];
    },
    'no such host, http wrapper' => function () {
        $r = @file_get_contents('http://no-such-host.invalid/');
        return [$r, error_get_last()['message'] ?? null];
    },
    'udp localhost' => function () {
        $s = stream_socket_client('udp://localhost:9', $errno, $errstr, 5);
        return [is_resource($s), $errno, $errstr];
    },
];

$php = [];
ini_set('chan.hooks', 'none');
foreach ($calls as $name => $call) {
    error_clear_last();
    $php[$name] = $call();
}
ini_restore('chan.hooks');
var_dump(array_intersect(['stream', 'dns'], Chan\hooks()) === ['stream', 'dns']);

Chan\run(function () use ($calls, $php) {
    foreach ($calls as $name => $call) {
        $order = [];
        Chan\go(function () use (&$order) { $order[] = 'queued'; });
        error_clear_last();
        $ours = $call();
        $order[] = 'connect';
        echo $name, ': ', $ours === $php[$name] ? 'same' : 'DIFFERS: ' . var_export($ours, true) . ' vs PHP ' . var_export($php[$name], true),
            ', ', implode(' then ', $order), "\n";
    }
});
echo json_encode($php['no such host']), "\n";
?>
--EXPECTF--
bool(true)
fsockopen localhost: same, queued then connect
stream_socket_client tcp://localhost: same, queued then connect
http wrapper, timeout PHP_INT_MAX: same, queued then connect
refused on localhost: same, queued then connect
no such host: same, queued then connect
no such host, http wrapper: same, queued then connect
udp localhost: same, queued then connect
[false,0,"php_network_getaddresses: getaddrinfo for no-such-host.invalid failed: %s","fsockopen(): Unable to connect to no-such-host.invalid:80 (php_network_getaddresses: getaddrinfo for no-such-host.invalid failed: %s)"]
