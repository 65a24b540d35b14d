--TEST--
A channel whose only outside reference is dropped while a coroutine waits to pop it: no hang, no crash, one deadlock warning at script end
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

$ch = new Channel();
go(fn() => $ch->pop());
unset($ch);
echo "end\n";
?>
--EXPECTF--
end

Warning: %s1 coroutine%sblocked forever%s
