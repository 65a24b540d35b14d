<?php
/**
 * The bench request of run.sh --bench-so: one.php starts ONE coroutine and
 * waits for it to finish (go() + run to completion); one.php?none=1 starts
 * none (the FastCGI round trip alone). Prints the time go() .. completion.
 * one.php?info=1: the configuration the worker runs with.
 */
if (isset($_GET['info'])) {     // run.sh's probe of the configuration
    printf("ini=%s scanned=%s chan=%s php=%s\n", var_export(php_ini_loaded_file(), true),
        var_export(php_ini_scanned_files(), true), phpversion('chan') ?: 'missing', PHP_VERSION);
    return;
}
$t0 = hrtime(true);
$v = 0;
if (!isset($_GET['none'])) {
    $ch = new Chan\Channel(1);
    Chan\go(function () use ($ch) {
        $ch->push(42);
    });
    $v = $ch->pop();
}
$dt = hrtime(true) - $t0;
echo "v=$v dt=$dt pid=", getmypid(), "\n";
