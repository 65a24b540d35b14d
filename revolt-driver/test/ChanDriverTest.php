<?php

namespace Chan\Revolt\Test;

use Chan\Revolt\ChanDriver;
use Revolt\EventLoop\Driver\DriverTest;

/** Upstream's driver test suite, on the chan driver. */
class ChanDriverTest extends DriverTest
{
    public function getFactory(): callable
    {
        return static fn () => new ChanDriver();
    }
}
