--TEST--
Closing a stream in a destructor (where no switch may happen) while coroutine A is parked reading it is PHP's fatal error "Cannot close a stream that another context is parked on here (in a destructor or during garbage collection): close it where the context can switch", not a use of freed memory; nothing after it runs
--EXTENSIONS--
chan
--INI--
; PHP 8.5+ adds a stack trace to fatal errors unless told not to (php -n)
fatal_error_backtraces=0
--XLEAK--
A fatal error bails out of the destructor and the parked coroutine: without the Zend allocator (valgrind) what they had allocated is not freed
--FILE--
<?php
use function Chan\go;

class Holder {
    public function __construct(public $stream) {}
    public function __destruct() {
        echo "destructor closes\n";
        fclose($this->stream);
        echo "closed (must not be reached)\n";
    }
}

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "A reads\n";
    $r = fread($a, 100);
    echo "A got ", var_export($r, true), " (must not be reached)\n";
});
go(function () use ($a) {
    $h = new Holder($a);
    echo "B drops the holder\n";
    unset($h);
    echo "B goes on (must not be reached)\n";
});
Chan\run(fn () => null);
echo "end (must not be reached)\n";
?>
--EXPECTF--
A reads
B drops the holder
destructor closes

Fatal error: Cannot close a stream that another context is parked on here (in a destructor or during garbage collection): close it where the context can switch in %s on line %d
