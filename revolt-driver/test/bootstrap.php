<?php

// Loads Revolt (REVOLT_AUTOLOAD, default Debian's /usr/share/php/Revolt/EventLoop/autoload.php), upstream's
// abstract DriverTest (REVOLT_DRIVER_TEST: test/Driver/DriverTest.php of Revolt's source) and this package.
$autoload = getenv('REVOLT_AUTOLOAD') ?: '/usr/share/php/Revolt/EventLoop/autoload.php';
if (is_file(__DIR__ . '/../vendor/autoload.php')) {
    require __DIR__ . '/../vendor/autoload.php';
} else {
    require $autoload;
    require __DIR__ . '/../src/autoload.php';
}
$driverTest = getenv('REVOLT_DRIVER_TEST');
if (!$driverTest || !is_file($driverTest)) {
    fwrite(STDERR, "REVOLT_DRIVER_TEST must name upstream's test/Driver/DriverTest.php\n");
    exit(2);
}
require $driverTest;
