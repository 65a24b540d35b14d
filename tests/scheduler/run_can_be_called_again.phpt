--TEST--
run() can be called again once a previous run() has returned, also after one that rethrew an exception
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

function pipeline(int $n) {
    $ch = new Channel(0);
    go(function () use ($ch, $n) {
        for ($i = 1; $i <= $n; $i++) {
            $ch->push($i);
        }
        $ch->close();
    });
    $sum = 0;
    foreach ($ch as $v) {
        $sum += $v;
    }
    return $sum;
}
var_dump(Chan\run('pipeline', 3));
var_dump(Chan\run('pipeline', 4));
try {
    Chan\run(function () { throw new RuntimeException("fails"); });
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
var_dump(Chan\run('pipeline', 5));
?>
--EXPECT--
int(6)
int(10)
caught: fails
int(15)
