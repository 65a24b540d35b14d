--TEST--
500 coroutines parked in Chan\fgets() on their own socket pairs, each after one line, grow memory_get_usage() by less than 4,096 bytes each more than 500 coroutines parked in Channel::pop() do (PHP's read buffer, given back while parked, is 8,192 bytes); then each reads exactly the bytes sent: a line whose first half came while it was parked (its buffer holds the 3 bytes meanwhile), a 20,001-byte line parked on after 12,000 bytes, and Chan\fread() after a park; a pfsockopen() stream keeps a half line across a park and reads its lines
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (function_exists('posix_getrlimit')) {
    $soft = posix_getrlimit()['soft openfiles'] ?? 0;
    if ($soft !== 'unlimited' && (int) $soft < 1100) die("skip needs 1,100 open files, ulimit -n is $soft");
}
?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

const N = 500;
const LONG_HEAD = 12000;
const LONG_TAIL = 8000;

/** Lets the coroutines run until $done() holds (bounded: a reader that never gets there fails the test). */
function until(string $what, Closure $done): void
{
    for ($i = 0; !$done(); $i++) {
        if ($i === 5000) {
            echo "never: $what\n";
            exit(1);
        }
        Coroutine::sleep(0.001);
    }
}

function unread($stream): int
{
    return stream_get_meta_data($stream)['unread_bytes'];
}

$pairs = [];
for ($i = 0; $i < N; $i++) {
    $pairs[$i] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    fwrite($pairs[$i][1], "first $i\n");
}
$long = [];
for ($i = 0; $i < N; $i++) {
    $long[$i] = str_repeat(chr(ord('a') + $i % 26), LONG_HEAD + LONG_TAIL) . "\n";
}
$got = array_fill(0, N, '');
$step = array_fill(0, N, '');

// The yardstick: what N coroutines parked in pop() cost, buffers aside.
$ch = new Chan\Channel();
$popped = 0;
$before = memory_get_usage();
for ($i = 0; $i < N; $i++) {
    go(function () use ($ch, &$popped): void {
        $popped += $ch->pop();
    });
}
Coroutine::yield();
$parkedInPop = memory_get_usage() - $before;
for ($i = 0; $i < N; $i++) {
    $ch->push(1);
}
until('every pop() returned', function () use (&$popped): bool {
    return $popped === N;
});

$before = memory_get_usage();
for ($i = 0; $i < N; $i++) {
    go(function () use ($i, $pairs, &$got, &$step): void {
        $a = $pairs[$i][0];
        $got[$i] .= Chan\fgets($a);         // there already: no park
        $step[$i] = 'line 2';
        $got[$i] .= Chan\fgets($a);         // parks with an empty buffer
        $step[$i] = 'long line';
        $got[$i] .= Chan\fgets($a);         // parks with LONG_HEAD bytes of it buffered
        $step[$i] = 'fread';
        $got[$i] .= Chan\fread($a, 100);    // parks with an empty buffer
        $step[$i] = 'end';
        while (($line = Chan\fgets($a)) !== false) {
            $got[$i] .= $line;
        }
        $step[$i] = 'done';
    });
}
until('every reader parked on its second line', function () use (&$step): bool {
    return count(array_keys($step, 'line 2')) === N;
});
$extra = (memory_get_usage() - $before - $parkedInPop) / N;
echo $extra < 4096 ? "parked readers: under 4,096 bytes each more than in pop()\n"
    : "parked readers: $extra bytes each more than in pop()\n";

// Half a line: the reader takes it into its buffer and parks again, holding it.
foreach ($pairs as [, $b]) {
    fwrite($b, "hal");
}
until('every reader holds the half line', function () use ($pairs): bool {
    foreach ($pairs as [$a]) {
        if (unread($a) !== 3) {
            return false;
        }
    }
    return true;
});
echo "while parked, each buffer holds the half line\n";
foreach ($pairs as $i => [, $b]) {
    fwrite($b, "f $i\n" . substr($long[$i], 0, LONG_HEAD));
}
until('every reader holds the head of the long line', function () use ($pairs, &$step): bool {
    foreach ($pairs as $i => [$a]) {
        if ($step[$i] !== 'long line' || unread($a) !== LONG_HEAD) {
            return false;
        }
    }
    return true;
});
echo "while parked, each buffer holds ", LONG_HEAD, " bytes of the long line\n";
foreach ($pairs as $i => [, $b]) {
    fwrite($b, substr($long[$i], LONG_HEAD));
}
until('every reader parked in fread', function () use (&$step): bool {
    return count(array_keys($step, 'fread')) === N;
});
foreach ($pairs as $i => [$a, $b]) {
    if (unread($a) !== 0) {
        echo "reader $i: ", unread($a), " bytes left in its buffer before fread\n";
    }
    fwrite($b, "tail $i");
}
until('every reader past fread', function () use (&$step): bool {
    return count(array_keys($step, 'end')) === N;
});
foreach ($pairs as $i => [, $b]) {
    fwrite($b, "last $i\n");
    fclose($b);
}
until('every reader done', function () use (&$step): bool {
    return count(array_keys($step, 'done')) === N;
});

$bad = 0;
foreach ($got as $i => $text) {
    $sent = "first $i\nhalf $i\n{$long[$i]}tail {$i}last $i\n";
    if ($text !== $sent) {
        if (++$bad <= 3) {
            echo "reader $i read ", strlen($text), " bytes, sent ", strlen($sent), ": ", var_export(substr($text, 0, 80), true), "\n";
        }
    }
}
echo $bad === 0 ? "each of " . N . " readers read exactly the bytes sent\n" : "$bad readers read something else\n";

// A persistent stream: its buffer is the persistent allocator's.
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
[, $port] = explode(':', stream_socket_get_name($server, false));
$p = pfsockopen('127.0.0.1', (int) $port, $errno, $errstr, 5);
$peer = stream_socket_accept($server, 5);
fwrite($peer, "one\n");
$lines = [];
$where = '';
go(function () use ($p, &$lines, &$where): void {
    $lines[] = Chan\fgets($p);
    $where = 'parked';
    $lines[] = Chan\fgets($p);              // parks with an empty buffer, then with "tw"
    $where = 'fread';
    $lines[] = Chan\fread($p, 100);         // parks with an empty buffer
    $where = 'done';
});
until('the persistent reader parked', function () use (&$where): bool {
    return $where === 'parked';
});
fwrite($peer, "tw");
until('the persistent reader holds "tw"', fn () => unread($p) === 2);
fwrite($peer, "o\n");
until('the persistent reader parked in fread', function () use (&$where): bool {
    return $where === 'fread';
});
fwrite($peer, "three");
until('the persistent reader done', function () use (&$where): bool {
    return $where === 'done';
});
var_dump($lines);
fclose($peer);
fclose($p);
?>
--EXPECT--
parked readers: under 4,096 bytes each more than in pop()
while parked, each buffer holds the half line
while parked, each buffer holds 12000 bytes of the long line
each of 500 readers read exactly the bytes sent
array(3) {
  [0]=>
  string(4) "one
"
  [1]=>
  string(4) "two
"
  [2]=>
  string(5) "three"
}
