<?php

// Without Composer: registers this package's classes (Chan\Revolt\*).
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Chan\\Revolt\\') && is_file($file = __DIR__ . '/' . substr($class, 12) . '.php')) {
        require $file;
    }
});
