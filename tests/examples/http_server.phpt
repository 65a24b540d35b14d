--TEST--
The HTTP server example (examples/http_server.php), run in-process on a free port, answers two requests on one keep-alive connection, a Connection: close request, an HTTP/1.0 request, a request with a body and a HEAD request, answers a malformed request with 400, and on stop() answers the request in flight, closes the idle connections, refuses new ones and leaves no coroutine behind
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/http_server.php';

use Chan\Channel;
use Chan\Coroutine;

use function Chan\go;

const T = 30.0; // a broken server fails the test with a TimeoutException, not a hang

/** Sends $raw and reads one response: "status line | Connection: ... | body". */
function exchange($conn, string $raw): string
{
    Chan\fwrite($conn, $raw, T);
    $status = rtrim(Chan\fgets($conn, null, T));
    $headers = [];
    while (($line = rtrim(Chan\fgets($conn, null, T))) !== '') {
        [$name, $value] = explode(': ', $line, 2);
        $headers[strtolower($name)] = $value;
    }
    $body = '';
    $length = str_starts_with($raw, 'HEAD ') ? 0 : (int) $headers['content-length'];
    while (strlen($body) < $length) {
        $body .= Chan\fread($conn, $length - strlen($body), T);
    }
    return "$status | Connection: {$headers['connection']} | Content-Length: {$headers['content-length']} | "
        . json_encode($body);
}

/** What the server does next on $conn: "closed" when it closes it. */
function next_from($conn): string
{
    $line = Chan\fgets($conn, null, T);
    return $line === false ? 'closed' : 'sent ' . json_encode($line);
}

function connect(string $addr)
{
    $conn = Chan\stream_socket_client("tcp://$addr", $errno, $errstr, T);
    if ($conn === false) {
        throw new RuntimeException("connect: $errstr");
    }
    return $conn;
}

// The example's handler with no delay; for /slow it says when it has the
// request and waits until the test lets it answer.
$entered = new Channel(1);
$release = new Channel(1);
$hello = hello_handler(0.0);
$handler = function (array $request) use ($hello, $entered, $release): array {
    if ($request['target'] === '/slow') {
        $entered->push(true);
        $release->pop();
    }
    return $hello($request);
};
$server = new HttpServer($handler, '127.0.0.1', 0);
$addr = $server->address();

Chan\run(function () use ($server, $addr, $entered, $release): void {
    $served = new Channel(1);
    go(function () use ($server, $served): void {
        $server->serve();
        $served->push('serve() returned');
    });

    echo "== keep-alive\n";
    $a = connect($addr);
    echo exchange($a, "GET /first HTTP/1.1\r\nHost: test\r\n\r\n"), "\n";
    echo exchange($a, "GET /second HTTP/1.1\r\nHost: test\r\n\r\n"), "\n";

    echo "== Connection: close\n";
    $b = connect($addr);
    echo exchange($b, "GET /bye HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"), "\n";
    echo next_from($b), "\n";

    echo "== HTTP/1.0\n";
    $c = connect($addr);
    echo exchange($c, "GET /old HTTP/1.0\r\n\r\n"), "\n";
    echo next_from($c), "\n";

    echo "== body, then HEAD on the same connection\n";
    $d = connect($addr);
    echo exchange($d, "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 11\r\n\r\nhello world"), "\n";
    echo exchange($d, "HEAD /head HTTP/1.1\r\nHost: test\r\n\r\n"), "\n";

    echo "== malformed\n";
    $e = connect($addr);
    echo exchange($e, "NONSENSE\r\n\r\n"), "\n";
    echo next_from($e), "\n";

    echo "== stop\n";
    $slow = new Channel(1);
    go(function () use ($addr, $slow): void {
        $f = connect($addr);
        $slow->push(exchange($f, "GET /slow HTTP/1.1\r\nHost: test\r\n\r\n") . "\n" . next_from($f));
    });
    $entered->pop();          // /slow is in the handler
    $server->stop();
    echo "idle keep-alive connections: ", next_from($a), ", ", next_from($d), "\n";
    $release->push(true);
    echo "in flight: ", $slow->pop(), "\n";
    echo $served->pop(), "\n";
    echo "new connection: ", var_export(@Chan\stream_socket_client("tcp://$addr", $errno, $errstr, T), true), "\n";
});
echo "coroutines left: ", Coroutine::count(), "\n";
?>
--EXPECT--
== keep-alive
HTTP/1.1 200 OK | Connection: keep-alive | Content-Length: 18 | "hello: GET \/first\n"
HTTP/1.1 200 OK | Connection: keep-alive | Content-Length: 19 | "hello: GET \/second\n"
== Connection: close
HTTP/1.1 200 OK | Connection: close | Content-Length: 16 | "hello: GET \/bye\n"
closed
== HTTP/1.0
HTTP/1.1 200 OK | Connection: close | Content-Length: 16 | "hello: GET \/old\n"
closed
== body, then HEAD on the same connection
HTTP/1.1 200 OK | Connection: keep-alive | Content-Length: 46 | "hello: POST \/echo\nbody: 11 bytes: hello world\n"
HTTP/1.1 200 OK | Connection: keep-alive | Content-Length: 18 | ""
== malformed
HTTP/1.1 400 Bad Request | Connection: close | Content-Length: 23 | "malformed request line\n"
closed
== stop
idle keep-alive connections: closed, closed
in flight: HTTP/1.1 200 OK | Connection: close | Content-Length: 17 | "hello: GET \/slow\n"
closed
serve() returned
new connection: false
coroutines left: 0
