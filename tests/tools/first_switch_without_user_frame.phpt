--TEST--
Coroutines started where no user code is on the stack run: from the end-of-script drain (fire-and-forget go()), from a shutdown function, from a destructor run at script end, and when the coroutine switching away runs an internal callable ([$channel, 'pop']); fiber observers such as Xdebug's see a switch from a user frame each time (tests/tools/run.sh runs this under Xdebug)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

$ch = new Channel();
go([$ch, 'pop']);                        // parks with only internal frames
go(function () { echo "after an internal callable parked\n"; });
go([$ch, 'push'], 'v');                  // wakes the first
go(function () { echo "fire and forget\n"; });

class StartsOnDestruct
{
    public function __destruct()
    {
        go(function () { echo "started by a destructor at script end\n"; });
    }
}
$keep = new StartsOnDestruct();

register_shutdown_function(function () {
    go(function () { echo "started by a shutdown function\n"; });
});
register_shutdown_function('Chan\go', function () { echo "go() itself as the shutdown function\n"; });
echo "main ends\n";
?>
--EXPECT--
main ends
after an internal callable parked
fire and forget
started by a shutdown function
go() itself as the shutdown function
started by a destructor at script end
