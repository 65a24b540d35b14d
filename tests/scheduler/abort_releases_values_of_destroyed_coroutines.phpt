--TEST--
Values held by coroutines destroyed in an abort (locals, arguments, a value offered to a blocked push) are released with them
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class Tracked {
    public static array $destroyed = [];
    public function __construct(public string $name) {}
    public function __destruct() { self::$destroyed[] = $this->name; }
}

$ch = new Channel(0);
go(function () {
    $local = new Tracked("local of a sleeper");
    Coroutine::sleep(10);
});
go(function (Tracked $arg) {
    Coroutine::sleep(10);
}, new Tracked("argument of a sleeper"));
go(function () use ($ch) {
    $ch->push(new Tracked("value offered to a blocked push"));
});
go(function () {
    Coroutine::yield();
    go(function () {}, new Tracked("argument of a never-started coroutine"));
    throw new Exception("abort");
});
try {
    Coroutine::sleep(10);
} catch (Exception $e) {
    echo "caught ", $e->getMessage(), "\n";
}
sort(Tracked::$destroyed);
echo implode("\n", Tracked::$destroyed), "\n";
var_dump($ch->stats()['pushers'], count($ch));
var_dump($ch->tryPop($v));
echo "end\n";
?>
--EXPECT--
caught abort
argument of a never-started coroutine
argument of a sleeper
local of a sleeper
value offered to a blocked push
int(0)
int(0)
bool(false)
end
