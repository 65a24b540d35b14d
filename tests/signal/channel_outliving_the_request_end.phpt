--TEST--
A signal channel that outlives the end of the request (held in a reference cycle, freed only after the extension's request shutdown, beside an after() channel) stops listening at the request's end and is freed later without touching the event loop that is gone by then (that crashed: SIGSEGV)
--EXTENSIONS--
chan
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
