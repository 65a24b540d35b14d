--TEST--
Coroutines left blocked forever at script end are destroyed with exactly one warning naming how many and, one line each, what each waits on and where; their finally blocks run and their values are released
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\WaitGroup;
use function Chan\go;

class Log {
    public static array $lines = [];
}
class Tracked {
    public function __destruct() { Log::$lines[] = "value released"; }
}
class Reporter {
    // destroyed with the globals, after the script-end drain
    public function __destruct() {
        sort(Log::$lines);
        echo implode("\n", Log::$lines), "\n";
    }
}
$reporter = new Reporter;

$ch = new Channel(0);
$wg = new WaitGroup(1);
foreach (['popper 1', 'popper 2'] as $name) {
    go(function () use ($ch, $name) {
        try {
            $ch->pop();
        } finally {
            Log::$lines[] = "finally of $name";
        }
    });
}
go(function () use ($wg) {
    $held = new Tracked;
    try {
        $wg->wait();
    } finally {
        Log::$lines[] = "finally of waiter";
    }
});
go(function () { echo "a coroutine that finishes\n"; });
echo "last line\n";
?>
--EXPECTF--
last line
a coroutine that finishes

Warning: Chan: 3 coroutines blocked forever at script end, destroying them:
coroutine 1 [Chan\Channel::pop] at %sblocked_forever_at_script_end_warns_once.php:26, created at %sblocked_forever_at_script_end_warns_once.php:24
coroutine 2 [Chan\Channel::pop] at %sblocked_forever_at_script_end_warns_once.php:26, created at %sblocked_forever_at_script_end_warns_once.php:24
coroutine 3 [Chan\WaitGroup::wait] at %sblocked_forever_at_script_end_warns_once.php:35, created at %sblocked_forever_at_script_end_warns_once.php:32 in Unknown on line 0
finally of popper 1
finally of popper 2
finally of waiter
value released
