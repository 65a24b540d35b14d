<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use PHPUnit\Event\Test\Passed;
use PHPUnit\Event\Test\PassedSubscriber;

/** PHPUnit 10 and later: tells EventTracker which test passed. */
final class TestPassedSubscriber implements PassedSubscriber
{
    public function __construct(private readonly EventTracker $tracker)
    {
    }

    public function notify(Passed $event): void
    {
        $this->tracker->passed($event);
    }
}
