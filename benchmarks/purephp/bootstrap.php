<?php
/**
 * Loads the pure-PHP model of the chan extension (namespace PurePhp\Chan).
 * No autoloader: require this file once. It can be loaded in the same
 * process as the extension (namespace Chan).
 */

declare(strict_types=1);

if (PHP_VERSION_ID < 80100) {
    throw new RuntimeException('PurePhp\Chan needs PHP 8.1+ (Fibers)');
}

require __DIR__ . '/src/Exceptions.php';
require __DIR__ . '/src/Util.php';
require __DIR__ . '/src/Internals.php';
require __DIR__ . '/src/Scheduler.php';
require __DIR__ . '/src/Channel.php';
require __DIR__ . '/src/WaitGroup.php';
require __DIR__ . '/src/Coroutine.php';
require __DIR__ . '/src/functions.php';

\PurePhp\Chan\Util::init();
\PurePhp\Chan\Scheduler::init();
