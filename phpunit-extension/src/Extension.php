<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use PHPUnit\Runner\Extension\Extension as PHPUnitExtension;
use PHPUnit\Runner\Extension\Facade;
use PHPUnit\Runner\Extension\ParameterCollection;
use PHPUnit\TextUI\Configuration\Configuration;
use PHPUnit\Util\ExcludeList;

/**
 * PHPUnit 10 and later (phpunit.xml: <extensions><bootstrap
 * class="Chan\PHPUnit\Extension"/></extensions>). Subscribes to
 * Test\Passed and Test\Finished; see EventTracker for how a report becomes
 * a failure of the test.
 *
 * Parameter "timeout": the watchdog's timeout (LeakCheck): how many seconds
 * leftovers that wait on a clock or I/O get to end after their cancellation
 * before they are destroyed; default 5: <parameter name="timeout" value="5"/>.
 */
final class Extension implements PHPUnitExtension
{
    public function bootstrap(Configuration $configuration, Facade $facade, ParameterCollection $parameters): void
    {
        $timeout = $parameters->has('timeout') ? (float) $parameters->get('timeout') : 5.0;
        // The failure's stack trace would show only this extension's files.
        ExcludeList::addDirectory(__DIR__);
        $tracker = new EventTracker(new LeakCheck($timeout));
        $facade->registerSubscribers(new TestPassedSubscriber($tracker), new TestFinishedSubscriber($tracker));
    }
}
