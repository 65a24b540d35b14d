--TEST--
phpinfo() (php --ri chan) shows the version, the queues, the coroutine stacks, the event loop, what the I/O waits accept in this build, the memory_limit charge and the INI settings with their values
--EXTENSIONS--
chan
--INI--
chan.max_coroutines=7
--FILE--
<?php
ob_start();
(new ReflectionExtension('chan'))->info();
$info = ob_get_clean();
foreach (['chan support', 'Version', 'Queues', 'Coroutine stacks', 'Event loop', 'I/O waits on', 'memory_limit charge', 'chan.stack_size', 'chan.max_coroutines'] as $row) {
    echo $row, ': ', preg_match('/^' . preg_quote($row, '/') . ' => (.+)$/m', $info, $m) ? $m[1] : 'MISSING', "\n";
}
var_dump(str_contains($info, phpversion('chan')));
?>
--EXPECTF--
chan support: enabled
Version: %d.%d.%s
Queues: lockfree (C11 atomics), mutex
Coroutine stacks: %s
Event loop: %s, timer heap
I/O waits on: streams with a descriptor%S
memory_limit charge: 4 KiB per live coroutine
chan.stack_size: 256K => 256K
chan.max_coroutines: 7 => 7
bool(true)
