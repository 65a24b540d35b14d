--TEST--
A regular file is always ready: waitReadable() and waitWritable() on fopen()ed files return, with timeout 0 (no switch), a positive timeout and none, at EOF too
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

$f = fopen(__FILE__, 'r');
$tmp = tempnam(sys_get_temp_dir(), 'chan');
$g = fopen($tmp, 'w+');

$ran = false;
Chan\go(function () use (&$ran) { $ran = true; });
Coroutine::waitReadable($f, 0);
Coroutine::waitWritable($g, 0);
echo "timeout 0: ready, queued coroutine ran: ", var_export($ran, true), "\n";

foreach ([5, null] as $timeout) {
    Coroutine::waitReadable($f, $timeout);
    Coroutine::waitWritable($g, $timeout);
    echo "timeout ", var_export($timeout, true), ": ready\n";
}
echo "queued coroutine ran: ", var_export($ran, true), "\n";
var_dump(fgets($f));

// at EOF, and in a coroutine
fseek($f, 0, SEEK_END);
Chan\run(function () use ($f, $g) {
    Coroutine::waitReadable($f);
    Coroutine::waitReadable($f, 0);
    Coroutine::waitReadable($g, 1);
    var_dump(fread($f, 10));
});
fclose($f);
fclose($g);
unlink($tmp);
?>
--EXPECT--
timeout 0: ready, queued coroutine ran: false
timeout 5: ready
timeout NULL: ready
queued coroutine ran: true
string(6) "<?php
"
string(0) ""
