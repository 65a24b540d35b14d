<?php
/**
 * S6's handler for PHP's built-in web server, for contrast with
 * examples/http_server.php: the same answer after the same 1 s wait, but
 * sleep() blocks the server's only worker, so requests are served one at a
 * time.
 *
 *   php -n -S 127.0.0.1:PORT benchmarks/s6_router.php
 */

sleep(1);
header('Content-Type: text/plain; charset=utf-8');
echo "hello: {$_SERVER['REQUEST_METHOD']} {$_SERVER['REQUEST_URI']}\n";
