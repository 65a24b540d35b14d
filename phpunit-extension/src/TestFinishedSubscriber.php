<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use PHPUnit\Event\Test\Finished;
use PHPUnit\Event\Test\FinishedSubscriber;

/** PHPUnit 10 and later: the check after each test (EventTracker). */
final class TestFinishedSubscriber implements FinishedSubscriber
{
    public function __construct(private readonly EventTracker $tracker)
    {
    }

    public function notify(Finished $event): void
    {
        $this->tracker->finished($event);
    }
}
