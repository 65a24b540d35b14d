--TEST--
Any value travels unchanged through buffered (both rings) and unbuffered channels: scalars, null, false, arrays, objects, closures, resources, references inside arrays
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

$obj = new stdClass();
$obj->n = 1;
$fp = fopen('php://memory', 'w+');
fwrite($fp, 'stream data');
$target = 'before';

function values(): array {
    global $obj, $fp, $target;
    $arrWithRef = ['ref' => &$target];
    return [
        42, -7, 1.5, 'string', '', true, false, null, 0, '0',
        [1, 'two' => [3]],
        $obj,
        fn (int $x): int => $x * 2,
        $fp,
        $arrWithRef,
        PHP_INT_MAX, NAN,
    ];
}

foreach ([[0, false], [32, false], [32, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);
    $sent = values();
    go(function () use ($ch, $sent) {
        foreach ($sent as $v) {
            $ch->push($v);
        }
        $ch->close();
    });
    $got = iterator_to_array($ch);
    var_dump(count($got) === count($sent));
    foreach ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15] as $i) {
        var_dump($got[$i] === $sent[$i]);
    }
    var_dump(is_nan($got[16]));
    var_dump($got[10] === [1, 'two' => [3]]);
    var_dump($got[11] === $obj);          // the same object, not a copy
    $got[11]->n++;
    var_dump($got[12](21));               // the closure still works
    rewind($got[13]);
    var_dump(get_resource_type($got[13]), stream_get_contents($got[13]));
    $got[14]['ref'] = "set via channel $cap";  // the reference survives
    var_dump($target);
}
var_dump($obj->n);
?>
--EXPECT--
-- capacity 0
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(42)
string(6) "stream"
string(11) "stream data"
string(17) "set via channel 0"
-- capacity 32
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(42)
string(6) "stream"
string(11) "stream data"
string(18) "set via channel 32"
-- capacity 32
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(42)
string(6) "stream"
string(11) "stream data"
string(18) "set via channel 32"
int(4)
