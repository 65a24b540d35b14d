<?php

// Shared by tests/revolt/*.phpt: loads Revolt and the chan driver (revolt-driver/) and installs it.
// Revolt comes from REVOLT_AUTOLOAD (the revolt gate sets it) or Debian's php-revolt-event-loop.
function revolt_autoload(): ?string
{
    foreach ([getenv('REVOLT_AUTOLOAD') ?: '', '/usr/share/php/Revolt/EventLoop/autoload.php'] as $f) {
        if ($f !== '' && is_file($f)) {
            return $f;
        }
    }
    return null;
}

function revolt_skipif(): void
{
    if (!extension_loaded('chan')) {
        die('skip chan not loaded');
    }
    if (!is_file(__DIR__ . '/../../revolt-driver/src/ChanDriver.php')) {
        die('skip no revolt-driver/ beside tests/ (an installed package)');
    }
    if (!revolt_autoload()) {
        die('skip Revolt not installed (php-revolt-event-loop, or REVOLT_AUTOLOAD)');
    }
}

if (!defined('REVOLT_SKIPIF')) {
    require revolt_autoload();
    require __DIR__ . '/../../revolt-driver/src/autoload.php';
    Revolt\EventLoop::setDriver(new Chan\Revolt\ChanDriver());
}
