--TEST--
examples/http_server.php run as a program stops gracefully on SIGTERM through Chan\signal(): requests in flight (a 4 s handler) are answered with "Connection: close", an idle keep-alive connection is closed, new connections are refused, and the process exits 0 after printing "stopped"; the same with --workers=2 (forked workers on one port with SO_REUSEPORT), where SIGTERM to the parent stops both workers; with --grace=0.3 the requests still in their handlers when the grace period ends are cut off (their connections closed without an answer) and the process still exits 0
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!function_exists('proc_open') || !function_exists('pcntl_fork')) die('skip needs proc_open and pcntl_fork'); ?>
--FILE--
<?php
$php = (getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY) . ' ' . (getenv('TEST_PHP_EXTRA_ARGS') ?: '');
$example = __DIR__ . '/../../examples/http_server.php';

function request($conn, string $path): void {
    fwrite($conn, "GET $path HTTP/1.1\r\nHost: t\r\n\r\n");
}
function answer($conn): string {
    stream_set_timeout($conn, 60);
    $head = '';
    while (($line = fgets($conn)) !== false && $line !== "\r\n") {
        $head .= $line;
    }
    if ($head === '') {
        return feof($conn) ? 'closed' : 'timed out';
    }
    preg_match('/Content-Length: (\d+)/', $head, $m);
    $body = fread($conn, (int) $m[1]);
    preg_match('/Connection: (\S+)/', $head, $c);
    return strtok($head, "\r") . " | {$c[1]} | " . trim($body);
}

foreach (['one process' => '', '--workers=2' => ' --workers=2', '--grace=0.3' => ' --grace=0.3'] as $name => $args) {
    echo "== $name\n";
    $p = proc_open("exec $php " . escapeshellarg($example) . " --port=0 --delay=4$args",
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        stream_set_timeout($pipes[1], 60);
    $listening = fgets($pipes[1]);
    preg_match('~http://([0-9.]+:\d+)/~', $listening, $m);
    $addr = $m[1];
    $idle = stream_socket_client("tcp://$addr", $errno, $errstr, 30);
    request($idle, '/first');
    echo 'idle connection, first answer: ', answer($idle), "\n";
    $busy = [];
    for ($i = 0; $i < 4; $i++) { // with 2 workers, some reach each
        $busy[$i] = stream_socket_client("tcp://$addr", $errno, $errstr, 30);
        request($busy[$i], "/busy$i");
    }
    sleep(2); // the requests are in their handlers (4 s): time to accept and read them, also under valgrind on a busy machine
    proc_terminate($p, SIGTERM);
    foreach ($busy as $i => $conn) {
        echo "in flight $i: ", answer($conn), "\n";
    }
    echo 'idle connection: ', answer($idle), "\n";
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $code = proc_close($p);
    echo "exit $code, stdout: ", trim($out), "\n";
    echo 'stop reports: ', substr_count($err, 'requests in flight'), "\n";
    echo 'new connection: ', var_export(@stream_socket_client("tcp://$addr", $errno, $errstr, 5), true), "\n";
}
?>
--EXPECT--
== one process
idle connection, first answer: HTTP/1.1 200 OK | keep-alive | hello: GET /first
in flight 0: HTTP/1.1 200 OK | close | hello: GET /busy0
in flight 1: HTTP/1.1 200 OK | close | hello: GET /busy1
in flight 2: HTTP/1.1 200 OK | close | hello: GET /busy2
in flight 3: HTTP/1.1 200 OK | close | hello: GET /busy3
idle connection: closed
exit 0, stdout: stopped
stop reports: 1
new connection: false
== --workers=2
idle connection, first answer: HTTP/1.1 200 OK | keep-alive | hello: GET /first
in flight 0: HTTP/1.1 200 OK | close | hello: GET /busy0
in flight 1: HTTP/1.1 200 OK | close | hello: GET /busy1
in flight 2: HTTP/1.1 200 OK | close | hello: GET /busy2
in flight 3: HTTP/1.1 200 OK | close | hello: GET /busy3
idle connection: closed
exit 0, stdout: stopped
stop reports: 2
new connection: false
== --grace=0.3
idle connection, first answer: HTTP/1.1 200 OK | keep-alive | hello: GET /first
in flight 0: closed
in flight 1: closed
in flight 2: closed
in flight 3: closed
idle connection: closed
exit 0, stdout: stopped
stop reports: 1
new connection: false
