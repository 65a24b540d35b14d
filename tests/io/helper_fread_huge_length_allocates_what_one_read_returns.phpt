--TEST--
Chan\fread() with a $length far beyond memory_limit (PHP_INT_MAX, 2 GiB under a 32M limit) returns what is there, as "up to $length" says: its buffer is what one call can return (PHP's buffered bytes and 8 MiB more), never $length bytes allocated up front (an allocation of twice memory_limit ends the process outright on PHPs with delayed out-of-memory errors); in a coroutine too, and a read that must wait still waits
--EXTENSIONS--
chan
--INI--
memory_limit=32M
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
fwrite($b, "hello");
var_dump(Chan\fread($a, PHP_INT_MAX));
fwrite($b, "world");
var_dump(Chan\fread($a, 2 * 1024 * 1024 * 1024));
Chan\run(function () use ($a, $b) {
    Chan\go(function () use ($b) {
        echo "B writes\n";
        fwrite($b, str_repeat('x', 100000));
    });
    echo "A reads\n";
    $got = '';
    while (strlen($got) < 100000) {
        $got .= Chan\fread($a, PHP_INT_MAX);
    }
    echo "A got ", strlen($got), " bytes\n";
});
?>
--EXPECT--
string(5) "hello"
string(5) "world"
A reads
B writes
A got 100000 bytes
