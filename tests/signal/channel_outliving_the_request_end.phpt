--TEST--
A signal channel that outlives the end of the request (held in a reference cycle, freed only after the extension's request shutdown, beside an after() channel) stops listening at the request's end and is freed later without touching the event loop that is gone by then (that crashed: SIGSEGV)
--EXTENSIONS--
chan
--SKIPIF--
<?php
// without the Zend allocator (run-tests -m, the ASan gate) PHP leaves
// reference cycles unfreed at shutdown: the channel would never be freed
if (getenv('USE_ZEND_ALLOC') === '0') die('skip without Zend MM PHP does not free cycles at shutdown');
?>
--FILE--
<?php
$a = new stdClass;
$a->self = $a;
$a->signals = Chan\signal(Chan\SIGUSR1, Chan\SIGHUP);
$a->timer = Chan\after(100);
unset($a);
echo "end\n";
?>
--EXPECT--
end
