<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use PHPUnit\Event\Code\ThrowableBuilder;
use PHPUnit\Event\Facade as EventFacade;
use PHPUnit\Event\Test\Finished;
use PHPUnit\Event\Test\Passed;
use PHPUnit\Framework\AssertionFailedError;

/**
 * PHPUnit 10 and later. Events carry no TestCase and a subscriber cannot
 * change a test's outcome; what it can do is emit the Test\Failed event
 * PHPUnit itself emits for a failed assertion. Test\Finished is the last
 * event of a test, after its tearDown() (only a test that was prepared
 * gets one); this extension is bootstrapped before PHPUnit registers its
 * result collector, printers and loggers, so its Finished subscriber runs
 * first and the Test\Failed it emits reaches them while the test is still
 * open: the progress shows F, the summary lists the failure, JUnit XML has
 * a <failure>, the exit status is 1. PHPUnit emits Test\ConsideredRisky
 * between Test\Passed and Test\Finished the same way.
 *
 * PHPUnit\Event\Facade::emitter() is marked @internal: the one place this
 * extension leans on PHPUnit internals (tested with PHPUnit 13).
 */
final class EventTracker
{
    /** The id of the test that passed last, until its Finished event. */
    private ?string $passed = null;

    public function __construct(private readonly LeakCheck $check)
    {
    }

    public function passed(Passed $event): void
    {
        $this->passed = $event->test()->id();
    }

    public function finished(Finished $event): void
    {
        $passed = $this->passed === $event->test()->id();
        $this->passed = null;
        $report = $this->check->check();
        // A test that failed, errored, was skipped or is incomplete already
        // says what went wrong; its coroutines are ended all the same.
        if ($report === null || !$passed) {
            return;
        }
        EventFacade::emitter()->testFailed(
            $event->test(),
            ThrowableBuilder::from(new AssertionFailedError($report)),
            null,
        );
    }
}
