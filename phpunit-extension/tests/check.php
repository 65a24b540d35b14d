<?php

declare(strict_types=1);

/*
 * Checks the two runs of the fixture suite that run.sh made, from their
 * JUnit XML files, and prints one "ok: ..." or "FAILED: ..." line per check;
 * exit status 1 when one failed.
 *
 *   php check.php --fixture=LeakTest.php --with=with.xml --with-status=N
 *                 --with-output=with.out --bare=bare.xml
 *
 * --with: the whole suite with the extension. Each testLeaks* test fails,
 * its message naming the coroutine (not started, or suspended in which call
 * at which line: the "@where NAME" comments of the fixture), and every other
 * test passes; testFailsAndLeaks keeps its own failure only. The exit status
 * is 1 (failures) and the console output shows the report too.
 * --bare: the queued and parked pair without the extension: the leaking
 * tests pass and the next ones break, which is what the extension prevents.
 */

$opts = getopt('', ['fixture:', 'with:', 'with-status:', 'with-output:', 'bare:']);
foreach (['fixture', 'with', 'with-status', 'with-output', 'bare'] as $o) {
    if (!isset($opts[$o]) || !is_string($opts[$o])) {
        fwrite(STDERR, "check.php: --$o is required\n");
        exit(2);
    }
}

$failed = 0;
function check(string $what, bool $ok, string $detail = ''): void
{
    global $failed;
    if ($ok) {
        echo "ok: $what\n";
    } else {
        $failed++;
        echo "FAILED: $what\n";
        if ($detail !== '') {
            echo '  ' . str_replace("\n", "\n  ", rtrim($detail)) . "\n";
        }
    }
}

// Line numbers of the "// @where NAME" comments.
$where = [];
foreach (file($opts['fixture']) as $i => $line) {
    if (preg_match('/@where (\w+)/', $line, $m)) {
        $where[$m[1]] = $i + 1;
    }
}

/**
 * name => ['status' => pass|failure|error|skipped, 'text' => failure or error text, 'faults' => count]
 *
 * @return array<string, array{status: string, text: string, faults: int}>
 */
function results(string $file): array
{
    $xml = @simplexml_load_file($file);
    if ($xml === false) {
        return [];
    }
    $out = [];
    foreach ($xml->xpath('//testcase') as $case) {
        $status = 'pass';
        $text = '';
        $faults = 0;
        foreach (['error', 'failure', 'skipped'] as $kind) {
            foreach ($case->{$kind} as $node) {
                $faults++;
                if ($status === 'pass') {
                    $status = $kind;
                }
                $text .= trim((string) $node['type'] . "\n" . (string) $node) . "\n";
            }
        }
        $out[(string) $case['name']] = ['status' => $status, 'text' => $text, 'faults' => $faults];
    }
    return $out;
}

$pop = 'Chan\\\\Channel->pop\\(\\)';
$sleep = 'Chan\\\\Coroutine::sleep\\(\\)';
$at = static fn (string $name): string => ' at \\S*LeakTest\\.php:' . ($where[$name] ?? 0) . '\\b';
$leaks = [
    'testLeaksQueuedCoroutine' => ['/left 1 coroutine behind/', '/coroutine \\d+: not started/'],
    'testLeaksParkedCoroutine' => ["/coroutine \\d+: suspended in $pop" . $at('parked') . '/'],
    'testLeaksSleepingCoroutine' => ["/coroutine \\d+: suspended in $sleep" . $at('sleeping') . '/'],
    'testLeaksStubbornCoroutine' => ["/coroutine \\d+: suspended in $pop" . $at('stubborn') . '/', '/Chan\\\\DeadlockError destroyed it/'],
    'testLeaksCoroutineThatIgnoresCancellation' => ["/coroutine \\d+: suspended in $sleep" . $at('ignores') . '/', '/still running [0-9.]+ s later: destroyed/'],
];
$passes = [
    'testAfterQueuedCoroutine', 'testAfterParkedCoroutine', 'testAfterSleepingCoroutine', 'testDeadlockExpected',
    'testAfterDeadlock', 'testAfterStubbornCoroutine', 'testAfterCoroutineThatIgnoresCancellation', 'testAfterFailure',
];

// --- with the extension
$with = results($opts['with']);
check('with the extension: JUnit XML has all 14 tests', count($with) === 14 && count($where) === 4, "tests: " . implode(', ', array_keys($with)) . "\nmarkers: " . json_encode($where));
foreach ($leaks as $test => $patterns) {
    $r = $with[$test] ?? ['status' => 'missing', 'text' => '', 'faults' => 0];
    $ok = $r['status'] === 'failure' && $r['faults'] === 1;
    foreach ($patterns as $p) {
        $ok = $ok && preg_match($p, $r['text']) === 1;
    }
    check("with the extension: $test fails, naming its coroutine", $ok, "status {$r['status']}, {$r['faults']} fault(s), expected to match " . implode(' and ', $patterns) . ":\n{$r['text']}");
}
$r = $with['testFailsAndLeaks'] ?? ['status' => 'missing', 'text' => '', 'faults' => 0];
check(
    'with the extension: testFailsAndLeaks fails once, by its own failure',
    $r['status'] === 'failure' && $r['faults'] === 1 && str_contains($r['text'], 'fails on purpose') && !str_contains($r['text'], 'coroutine'),
    "status {$r['status']}, {$r['faults']} fault(s):\n{$r['text']}"
);
foreach ($passes as $test) {
    $r = $with[$test] ?? ['status' => 'missing', 'text' => '', 'faults' => 0];
    check("with the extension: $test passes", $r['status'] === 'pass', "status {$r['status']}:\n{$r['text']}");
}
$output = (string) @file_get_contents($opts['with-output']);
check('with the extension: phpunit exits 1 (test failures)', $opts['with-status'] === '1', "exit status {$opts['with-status']}");
check(
    'with the extension: the console shows the report',
    preg_match('/testLeaksParkedCoroutine\\R.*left 1 coroutine behind.*\\R.*' . $pop . '/', $output) === 1
);

// --- without it
$bare = results($opts['bare']);
check('without the extension: JUnit XML has the 4 tests of the filter', count($bare) === 4, 'tests: ' . implode(', ', array_keys($bare)));
foreach (['testLeaksQueuedCoroutine', 'testLeaksParkedCoroutine'] as $test) {
    $r = $bare[$test] ?? ['status' => 'missing', 'text' => ''];
    check("without the extension: $test passes (nobody notices its coroutine)", $r['status'] === 'pass', "status {$r['status']}:\n{$r['text']}");
}
$r = $bare['testAfterQueuedCoroutine'] ?? ['status' => 'missing', 'text' => ''];
check(
    "without the extension: testAfterQueuedCoroutine breaks (the previous test's coroutine runs in its run() and throws)",
    $r['status'] === 'error' && str_contains($r['text'], 'the coroutine testLeaksQueuedCoroutine queued ran'),
    "status {$r['status']}:\n{$r['text']}"
);
$r = $bare['testAfterParkedCoroutine'] ?? ['status' => 'missing', 'text' => ''];
check(
    "without the extension: testAfterParkedCoroutine breaks (its run() deadlocks on the previous test's coroutine)",
    $r['status'] === 'error' && str_contains($r['text'], 'Chan\\DeadlockError') && preg_match("/coroutine \\d+ \\[Chan\\\\Channel::pop\\] at \\S*LeakTest\\.php:{$where['parked']}\\b/", $r['text']) === 1,
    "status {$r['status']}:\n{$r['text']}"
);

exit($failed === 0 ? 0 : 1);
