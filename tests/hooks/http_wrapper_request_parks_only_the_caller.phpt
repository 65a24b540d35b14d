--TEST--
file_get_contents("http://127.0.0.1:PORT/path") in coroutine A while coroutine B serves that port in the same process (stream_socket_accept(), fgets() of the request, fwrite() of the response, fclose()): A's request parks only A, so B can answer it ("A requests / B accepted / B got request line 'GET /path HTTP/1.1' / A got 'hello from B'"), and $http_response_header is PHP's
--EXTENSIONS--
chan
--INI--
; PHP 8.5 deprecates $http_response_header, which the test compares
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use function Chan\go;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
$addr = stream_socket_get_name($server, false);
go(function () use ($addr) {
    echo "A requests\n";
    $body = file_get_contents("http://$addr/path", false, stream_context_create(['http' => ['timeout' => 30]]));
    echo "A got ", var_export($body, true), "\n";
    echo "A's response headers: ", json_encode($http_response_header), "\n";
});
go(function () use ($server) {
    $conn = stream_socket_accept($server, 30);
    echo "B accepted\n";
    $request = fgets($conn);
    echo "B got request line ", var_export(rtrim($request), true), "\n";
    while (($line = fgets($conn)) !== false && rtrim($line) !== '') {
    }
    fwrite($conn, "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\nhello from B");
    fclose($conn);
});
Chan\run(fn () => null);
?>
--EXPECT--
A requests
B accepted
B got request line 'GET /path HTTP/1.1'
A got 'hello from B'
A's response headers: ["HTTP\/1.0 200 OK","Content-Type: text\/plain","Content-Length: 12"]
