--TEST--
stream_select() in a coroutine gives exactly PHP's own result (the same call in main with chan.hooks "none"): return value, the arrays it leaves (keys kept), warnings and exceptions, for streams ready at once, data buffered by PHP (fgets() read one of two lines), nothing ready before a short timeout, a writable socket, a regular file (always ready), php://memory (not selectable: PHP's warnings, once each), a non-empty $except, and the arguments PHP rejects (no arrays, negative seconds or microseconds, microseconds without seconds)
--EXTENSIONS--
chan
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$e, $f] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, "ready\n");
fwrite($f, "one\ntwo\n");
fgets($e);   // "two\n" stays in $e's PHP buffer, the socket is empty
$file = fopen(__FILE__, 'r');
$memory = fopen('php://memory', 'r+');
$names = [(int) $a => 'a', (int) $c => 'c', (int) $d => 'd', (int) $e => 'e', (int) $file => 'file', (int) $memory => 'memory'];

$cases = [
    'ready at once' => [['x' => $a, 7 => $c], null, null, 5, 0],
    'buffered by PHP' => [[$c, $e], null, null, 5, 0],
    'nothing before the timeout' => [[$c], null, null, 0, 50000],
    'writable' => [[$c], [$d], null, 5, 0],
    'regular file' => [[$c, $file], null, null, 5, 0],
    'php://memory' => [[$memory, $c], null, null, 0, 50000],
    'except' => [[$c], null, [$c], 0, 50000],
    'no arrays' => [null, null, null, 1, 0],
    'negative seconds' => [[$c], null, null, -1, 0],
    'negative microseconds' => [[$c], null, null, 1, -1],
    'microseconds without seconds' => [[$c], null, null, null, 5],
];
function outcome(array $case, array $names): string {
    [$r, $w, $x, $sec, $usec] = $case;
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = $msg;
        return true;
    });
    try {
        $n = stream_select($r, $w, $x, $sec, $usec);
    } catch (Throwable $t) {
        $n = get_class($t) . ': ' . $t->getMessage();
    }
    restore_error_handler();
    $show = fn ($arr) => $arr === null ? null : array_map(fn ($s) => $names[(int) $s], $arr);
    return json_encode([$n, $show($r), $show($w), $show($x), $warnings]);
}
foreach ($cases as $name => $case) {
    ini_set('chan.hooks', 'none');
    $php = outcome($case, $names);
    ini_set('chan.hooks', 'all');
    $hooked = Chan\run(function () use ($case, $names) {
        Chan\go(fn () => Chan\Coroutine::sleep(0.001));   // another context lives: the hook is active
        return outcome($case, $names);
    });
    echo "$name: ", $hooked === $php ? "same as PHP's" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
    echo "  $php\n";
}
?>
--EXPECTF--
ready at once: same as PHP's
  [1,{"x":"a"},null,null,[]]
buffered by PHP: same as PHP's
  [1,{"1":"e"},null,null,[]]
nothing before the timeout: same as PHP's
  [0,[],null,null,[]]
writable: same as PHP's
  [1,[],["d"],null,[]]
regular file: same as PHP's
  [1,{"1":"file"},null,null,[]]
php://memory: same as PHP's
  [0,[],null,null,["stream_select(): Cannot represent a stream of type MEMORY as a select()able descriptor","stream_select(): Cannot represent a stream of type MEMORY as a select()able descriptor"]]
except: same as PHP's
  [0,[],null,[],[]]
no arrays: same as PHP's
  ["ValueError: No stream arrays were passed",null,null,null,[]]
negative seconds: same as PHP's
  ["ValueError: stream_select(): Argument #4 ($seconds) must be greater than or equal to 0",[%s],null,null,[]]
negative microseconds: same as PHP's
  ["ValueError: stream_select(): Argument #5 ($microseconds) must be greater than or equal to 0",[%s],null,null,[]]
microseconds without seconds: same as PHP's
  ["ValueError: stream_select(): Argument #5 ($microseconds) must be null when argument #4 ($seconds) is null",[%s],null,null,[]]
