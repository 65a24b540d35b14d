<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use PHPUnit\Framework\AssertionFailedError;
use PHPUnit\Framework\Test;
use PHPUnit\Framework\TestCase;
use PHPUnit\Framework\TestListener;
use PHPUnit\Framework\TestListenerDefaultImplementation;
use PHPUnit\Runner\BaseTestRunner;
use PHPUnit\Util\ExcludeList;

/**
 * PHPUnit 9: a test listener (phpunit.xml: <listeners><listener
 * class="Chan\PHPUnit\Listener"/></listeners>). PHPUnit 9's hook
 * extensions (AfterTestHook and friends) get the test's name only and cannot
 * fail it; a listener's endTest() gets the TestCase and its TestResult, whose
 * addFailure() turns the report into a failure of that test (before PHPUnit's
 * printer and loggers, which are registered after the configured listeners,
 * see the test end).
 *
 * The optional argument is the watchdog's timeout (LeakCheck): how many
 * seconds leftovers that wait on a clock or I/O get to end after their
 * cancellation before they are destroyed; default 5:
 * <arguments><double>5</double></arguments>.
 */
final class Listener implements TestListener
{
    use TestListenerDefaultImplementation;

    private LeakCheck $check;

    public function __construct(float|int|string $timeout = 5.0)
    {
        $this->check = new LeakCheck((float) $timeout);
        // The failure's stack trace would show only this file.
        ExcludeList::addDirectory(__DIR__);
    }

    public function endTest(Test $test, float $time): void
    {
        $report = $this->check->check();
        if ($report === null || !$test instanceof TestCase) {
            return;
        }
        // A test that failed, errored, was skipped or is incomplete already
        // says what went wrong; its coroutines are ended all the same.
        if (!in_array($test->getStatus(), [BaseTestRunner::STATUS_PASSED, BaseTestRunner::STATUS_RISKY, BaseTestRunner::STATUS_WARNING], true)) {
            return;
        }
        $result = $test->getTestResultObject();
        if ($result !== null) {
            // $time 0: the test's time is counted by TestResult already.
            $result->addFailure($test, new AssertionFailedError($report), 0.0);
        }
    }
}
