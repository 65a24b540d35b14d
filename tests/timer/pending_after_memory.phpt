--TEST--
100,000 pending Chan\after() channels cost at most 100 bytes each beyond as many plain Chan\Channel(1) (the timer record and its entry on the loop's heap; measured with memory_get_usage())
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_get_usage() is not kept without Zend MM');
if (PHP_DEBUG) die('skip a debug build adds its own header to every allocation');
?>
--FILE--
<?php
$base = memory_get_usage();
$plain = [];
for ($i = 0; $i < 100000; $i++) {
    $plain[] = new Chan\Channel(1);
}
$perPlain = (memory_get_usage() - $base) / 100000;
$plain = null;
$base = memory_get_usage();
$timed = [];
for ($i = 0; $i < 100000; $i++) {
    $timed[] = Chan\after(60);
}
$perTimed = (memory_get_usage() - $base) / 100000;
$beyond = $perTimed - $perPlain;
echo $beyond > 0 && $beyond <= 100 ? "within 100 bytes" : "OVER: $beyond bytes", "\n";
?>
--EXPECT--
within 100 bytes
