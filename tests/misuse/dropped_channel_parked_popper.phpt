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

Warning: Chan: 1 coroutine blocked forever at script end, destroying it:
coroutine 1 [Chan\Channel::pop] at %sdropped_channel_parked_popper.php:6 in Unknown on line 0
