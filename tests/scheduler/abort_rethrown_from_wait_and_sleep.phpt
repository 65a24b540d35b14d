--TEST--
An exception escaping a coroutine is rethrown from main's WaitGroup::wait() and from main's sleep()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
go(function () use ($wg) {
    Coroutine::yield();
    throw new DomainException("escaped while main waits");
});
try {
    $wg->wait();
    echo "wait returned\n";
} catch (DomainException $e) {
    echo "caught from wait(): ", $e->getMessage(), "\n";
}

go(function () {
    Coroutine::sleep(0.01);
    throw new UnexpectedValueException("escaped while main sleeps");
});
try {
    Coroutine::sleep(5);
    echo "sleep returned\n";
} catch (UnexpectedValueException $e) {
    echo "caught from sleep(): ", $e->getMessage(), "\n";
}

go(function () {
    throw new OverflowException("escaped while main yields");
});
try {
    Coroutine::yield();
    echo "yield returned\n";
} catch (OverflowException $e) {
    echo "caught from yield(): ", $e->getMessage(), "\n";
}
var_dump(Coroutine::count());
?>
--EXPECT--
caught from wait(): escaped while main waits
caught from sleep(): escaped while main sleeps
caught from yield(): escaped while main yields
int(0)
