--TEST--
An exception that escapes a coroutine and is never caught is reported with the coroutine's own stack trace (where it was thrown, through which functions, down to the coroutine's function, shown as called at the file and line of the go() that created it), followed by where main was waiting (its blocking call and the calls around it)
--EXTENSIONS--
chan
--INI--
zend.exception_ignore_args=0
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

function inner(int $x): void { throw new RuntimeException("thrown in inner($x)"); }
function outer(int $x): void { inner($x + 1); }
function waitFor(Channel $ch): mixed { return $ch->pop(); }

$ch = new Channel();
go(function () { Chan\Coroutine::yield(); outer(1); });
waitFor($ch);
?>
--EXPECTF--
Fatal error: Uncaught RuntimeException: thrown in inner(2) in %s:%d
Stack trace:
#0 %s(6): inner(2)
#1 %s(10): outer(1)
#2 %s(10): {closure%S}()
#3 %s(7): Chan\Channel->pop()
#4 %s(11): waitFor(Object(Chan\Channel))
#5 {main}
  thrown in %s on line 5
