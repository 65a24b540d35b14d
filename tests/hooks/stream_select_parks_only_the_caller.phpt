--TEST--
stream_select() in a coroutine parks only the caller: coroutine A selects on the read end of a socket pair (and on a pipe's, in a second round) with a 30 s timeout, coroutine B then writes, and A's select returns 1 with the ready stream left in $read ("A selects / B writes / A: 1 ready"); had A blocked the process, B would have written only after A's timeout, and A would have reported 0
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

function round_of(string $name, $readEnd, $writeEnd): void {
    echo "$name\n";
    go(function () use ($readEnd) {
        echo "  A selects\n";
        $r = ['the stream' => $readEnd];
        $w = $e = null;
        $n = stream_select($r, $w, $e, 30);
        echo "  A: $n ready, \$read: ", implode(', ', array_keys($r)), "\n";
    });
    go(function () use ($writeEnd) {
        echo "  B writes\n";
        fwrite($writeEnd, "x");
    });
    Chan\run(fn () => null);
}
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
round_of('socket pair', $a, $b);
$p = proc_open([PHP_BINARY, '-n', '-r', 'echo fread(STDIN, 1);'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
round_of('pipe of a child process', $pipes[1], $pipes[0]);
fclose($pipes[0]);
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
socket pair
  A selects
  B writes
  A: 1 ready, $read: the stream
pipe of a child process
  A selects
  B writes
  A: 1 ready, $read: the stream
