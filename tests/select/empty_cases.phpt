--TEST--
An empty case list: with no timeout it blocks forever (a deadlock like any other block, in main or inside run()); with a timeout it returns null, at once for 0 and after the timeout otherwise
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\DeadlockError;
use function Chan\go;
use function Chan\run;
use function Chan\select;

var_dump(select([], 0));
$t = hrtime(true);
var_dump(select([], 0.05));
var_dump((hrtime(true) - $t) / 1e9 >= 0.04);

// Nothing else can run: deadlock.
try {
    select([]);
    echo "returned\n";
} catch (DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// Other coroutines run first; the deadlock comes once they are done.
go(function () { Coroutine::sleep(0.01); echo "sleeper done\n"; });
try {
    select([]);
} catch (DeadlockError $e) {
    echo "main: deadlock after the sleeper\n";
}

// In a coroutine, run() reports it, and the coroutine is destroyed before
// run() throws.
try {
    run(function () {
        select([]);
        echo "returned\n";
    });
} catch (DeadlockError $e) {
    echo "run: ", $e->getMessage(), "\n";
}
?>
--EXPECTF--
NULL
NULL
bool(true)
Chan\DeadlockError: all coroutines are asleep - deadlock!

main [Chan\select] at %sempty_cases.php:15
sleeper done
main: deadlock after the sleeper
run: all coroutines are asleep - deadlock!

main [Chan\run] at %sempty_cases.php:32
coroutine 2 [Chan\select] at %sempty_cases.php:33, created at %sempty_cases.php:32
