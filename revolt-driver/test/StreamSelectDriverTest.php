<?php

namespace Chan\Revolt\Test;

use Revolt\EventLoop\Driver\DriverTest;
use Revolt\EventLoop\Driver\StreamSelectDriver;

/** The same suite on Revolt's own StreamSelectDriver: the control (what fails there is not the chan driver's). */
class StreamSelectDriverTest extends DriverTest
{
    public function getFactory(): callable
    {
        return static fn () => new StreamSelectDriver();
    }
}
