--TEST--
In a destructor, where no switch may happen, the hooked calls are PHP's own even in a coroutine while others live: no Chan\Error; usleep() blocks the process and returns null, fread() with a 0.2 s stream timeout blocks until it passes and returns PHP's false; coroutine B runs only after A's destructor is done ("A before / dtor ... / A after / B")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

class Holder {
    public function __construct(public $stream) {}
    public function __destruct() {
        echo "dtor before\n";
        try {
            $r = usleep(100000);
            echo "dtor usleep: ", var_export($r, true), "\n";
            stream_set_timeout($this->stream, 0, 200000);
            $r = fread($this->stream, 10);
            echo "dtor fread: ", var_export($r, true), "\n";
        } catch (Throwable $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "A before\n";
    $h = new Holder($a);
    unset($h);
    echo "A after\n";
});
go(function () use ($b) {
    echo "B\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
A before
dtor before
dtor usleep: NULL
dtor fread: false
A after
B
