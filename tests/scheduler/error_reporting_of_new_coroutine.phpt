--TEST--
A coroutine starts with the error_reporting setting, not with the "@"-lowered level of the context that happened to run it; later changes of the setting are seen
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;
use Chan\Coroutine;

$report = function (string $tag) {
    echo $tag, ": ", error_reporting() === E_ALL ? "E_ALL" : error_reporting(), "\n";
    trigger_error("warning from $tag", E_USER_WARNING);
};

error_reporting(E_ALL);
go($report, "first");
@Coroutine::yield();          // main is silenced; the coroutine must not be

error_reporting(E_ALL & ~E_USER_WARNING);
go($report, "second");
Coroutine::yield();

ini_set('error_reporting', (string) E_ALL);
go($report, "third");
@Coroutine::sleep(0.001);
echo "done\n";
?>
--EXPECTF--
first: E_ALL

Warning: warning from first in %s on line %d
second: %d
third: E_ALL

Warning: warning from third in %s on line %d
done
