--TEST--
Coroutine::yield() in main runs the coroutines queued ahead of it, then main goes on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () { echo "a\n"; Coroutine::yield(); echo "a again\n"; });
go(function () { echo "b\n"; });
echo "main yields\n";
Coroutine::yield();
echo "main back\n";
Coroutine::yield();
echo "main back again\n";
Coroutine::yield(); // nothing else queued: returns at once
echo "end\n";
?>
--EXPECT--
main yields
a
b
main back
a again
main back again
end
