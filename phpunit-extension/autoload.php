<?php

declare(strict_types=1);

// For PHPUnit installed without Composer (Debian's phpunit package, a PHAR):
// require this file from the test suite's bootstrap script. With Composer,
// vendor/autoload.php already maps Chan\PHPUnit\ to src/.
spl_autoload_register(static function (string $class): void {
    $prefix = 'Chan\\PHPUnit\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
