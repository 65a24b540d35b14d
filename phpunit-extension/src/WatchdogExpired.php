<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use Exception;

/**
 * @internal Thrown by LeakCheck's watchdog coroutine: escaping it, it makes
 * chan destroy every other coroutine (their finally blocks run).
 */
final class WatchdogExpired extends Exception
{
}
