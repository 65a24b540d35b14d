--TEST--
The report of blocked coroutines (Chan\DeadlockError's message, the warning at script end) names where each coroutine was created: the file and line of its go() (a call over several lines: the line it starts on), of Group::go(), of run(), of a go() inside a coroutine and inside eval()'d code (whose file name outlives the eval); main, which nothing made, has none
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Group;
use function Chan\go;

$c = new Channel();
try {
    Chan\run(function () use ($c) {
        go(function () use ($c) {
            go(fn () => $c->pop());
            $c->pop();
        });
        eval('Chan\go(function () use ($c) { foreach ($c as $v) {} });');
        $g = new Group();
        $g->go(fn () => $c->pop());
        Chan\Coroutine::yield();
        $c->pop();
    });
} catch (Chan\DeadlockError $e) {
    echo str_replace(__DIR__ . '/', '', $e->getMessage()), "\n";   // not preg_replace(): PCRE's JIT upsets valgrind
}
?>
--EXPECT--
all coroutines are asleep - deadlock!

main [Chan\run] at reports_name_where_each_coroutine_was_created.php:8
coroutine 1 [Chan\Channel::pop] at reports_name_where_each_coroutine_was_created.php:17, created at reports_name_where_each_coroutine_was_created.php:8
coroutine 2 [Chan\Channel::pop] at reports_name_where_each_coroutine_was_created.php:11, created at reports_name_where_each_coroutine_was_created.php:9
coroutine 3 [foreach over Chan\Channel] at reports_name_where_each_coroutine_was_created.php(13) : eval()'d code:1, created at reports_name_where_each_coroutine_was_created.php(13) : eval()'d code:1
coroutine 4 [Chan\Channel::pop] at reports_name_where_each_coroutine_was_created.php:15, created at reports_name_where_each_coroutine_was_created.php:15
coroutine 5 [Chan\Channel::pop] at reports_name_where_each_coroutine_was_created.php:10, created at reports_name_where_each_coroutine_was_created.php:10
