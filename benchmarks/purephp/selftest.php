<?php
/**
 * Differential self-test of the pure-PHP model against the extension.
 *
 * Runs every scenario of scenarios.php (plus a few seeded random programs)
 * once on the extension and once on the model, each in a fresh process (see
 * difflib.php), and compares stdout, stderr and the exit status. Prints one
 * line per scenario and a diff for each difference; exits 1 on any
 * difference, 0 when all agree.
 *
 *   php benchmarks/purephp/selftest.php [--ext=PATH/chan.so] [--only=SUBSTRING]
 *       [--random=N] [--seed=S] [--verbose] [--phpt=DIR_OR_FILE ...]
 *
 * --ext      the extension to compare with (default: $CHAN_SO, else
 *            ../../modules/chan.so)
 * --random   how many random programs to add (default: the 6 in scenarios.php)
 * --seed     first seed of those random programs (default 1)
 * --phpt     also compare the --FILE-- section of these .phpt files (a
 *            development aid: some of them test argument parsing, which a PHP
 *            function cannot reproduce word for word)
 * --verbose  print both outputs of every scenario
 */

declare(strict_types=1);

require __DIR__ . '/difflib.php';

$opt = getopt('', ['ext:', 'only:', 'random:', 'seed:', 'verbose', 'phpt:']);
$chanSo = $opt['ext'] ?? (getenv('CHAN_SO') ?: dirname(__DIR__, 2) . '/modules/chan.so');
if (!is_file($chanSo)) {
    fwrite(STDERR, "selftest: no extension at {$chanSo} (use --ext=PATH)\n");
    exit(2);
}
$only = $opt['only'] ?? null;
$verbose = isset($opt['verbose']);

/**
 * A random program: a few channels (capacity 0..3), a few coroutines that
 * each run a random list of operations (push, pop, tryPush, tryPop, select,
 * yield, close, go, an exception), main doing the same, every result and
 * every exception echoed. Only timeouts of 0 or none: nothing depends on the
 * clock. Whatever state it ends in (deadlock, abort, pending coroutines) is
 * part of the trace.
 */
function random_program(int $seed): string
{
    mt_srand($seed);
    $nch = mt_rand(1, 3);
    $caps = [];
    for ($c = 0; $c < $nch; $c++) {
        $caps[] = [0, 0, 1, 2, 3][mt_rand(0, 4)];
    }
    $code = "<?php\n// random program, seed {$seed}\nuse Chan\\Channel;\nuse Chan\\Coroutine;\nuse function Chan\\go;\nuse function Chan\\select;\n\n";
    $code .= "mt_srand({$seed});\n";
    $code .= "\$wg = new Chan\\WaitGroup(" . mt_rand(0, 2) . ");\n";
    $code .= "\$ch = [" . implode(', ', array_map(fn($c) => "new Channel({$c})", $caps)) . "];\n";
    $code .= <<<'PHP'
$op = function (string $who, string $what, callable $f) {
    try {
        $r = $f();
        echo "$who $what -> ", json_encode($r), "\n";
    } catch (Chan\Exception | Chan\Error $e) {
        echo "$who $what !! ", get_class($e), ": ", $e->getMessage(), "\n";
    }
};

PHP;
    $val = 0;
    $gen = function (string $who, int $n, bool $mayThrow) use (&$val, $nch): string {
        $lines = [];
        for ($i = 0; $i < $n; $i++) {
            $c = mt_rand(0, $nch - 1);
            $v = ++$val;
            $t = mt_rand(0, 2) === 0 ? '0' : 'null';
            switch (mt_rand(0, 15)) {
                case 13:
                    $lines[] = mt_rand(0, 1)
                        ? "\$op('$who', 'wg add', fn() => \$wg->add(" . mt_rand(-1, 2) . "));"
                        : "\$op('$who', 'wg done', fn() => \$wg->done());";
                    break;
                case 14:
                    $lines[] = "\$op('$who', 'wg wait t=$t', fn() => [\$wg->wait($t), \$wg->count()]);";
                    break;
                case 15:
                    $lines[] = mt_rand(0, 1) ? "Coroutine::sleep(0);"
                        : "go(function () use (\$op, \$ch) { Coroutine::yield(); \$op('sub', 'push ch$c', fn() => \$ch[$c]->push('sub$v', 0)); });";
                    break;
                case 0: case 1:
                    $lines[] = "\$op('$who', 'push $v ch$c t=$t', fn() => \$ch[$c]->push($v, $t));";
                    break;
                case 2: case 3:
                    $lines[] = "\$op('$who', 'pop ch$c t=$t', fn() => \$ch[$c]->pop($t));";
                    break;
                case 4:
                    $lines[] = "\$op('$who', 'tryPush $v ch$c', fn() => \$ch[$c]->tryPush($v));";
                    break;
                case 5:
                    $lines[] = "\$op('$who', 'tryPop ch$c', fn() => [\$ch[$c]->tryPop(\$x), \$x ?? null]);";
                    break;
                case 6: case 7:
                    $cases = [];
                    $k = mt_rand(1, 3);
                    for ($j = 0; $j < $k; $j++) {
                        $cc = mt_rand(0, $nch - 1);
                        $cases[] = mt_rand(0, 1) ? "'r$cc.$j' => \$ch[$cc]" : "'s$cc.$j' => [\$ch[$cc], " . (++$val) . "]";
                    }
                    $lines[] = "\$op('$who', 'select t=$t', fn() => select([" . implode(', ', $cases) . "], $t));";
                    break;
                case 8: case 9:
                    $lines[] = "Coroutine::yield();";
                    break;
                case 10:
                    if (mt_rand(0, 3) === 0) {
                        $lines[] = "\$op('$who', 'close ch$c', fn() => \$ch[$c]->close());";
                    } else {
                        $lines[] = "\$op('$who', 'count ch$c', fn() => [count(\$ch[$c]), \$ch[$c]->stats()['pushers'], \$ch[$c]->stats()['poppers']]);";
                    }
                    break;
                case 11:
                    $lines[] = "go(function () use (\$op, \$ch) { \$op('sub', 'pop ch$c', fn() => \$ch[$c]->pop()); });";
                    break;
                case 12:
                    if ($mayThrow && mt_rand(0, 5) === 0) {
                        $lines[] = "if (Coroutine::count() > 0) throw new RuntimeException('$who aborts');";
                    } else {
                        $lines[] = "echo '$who id ', Coroutine::id(), ' count ', Coroutine::count(), \"\\n\";";
                    }
                    break;
            }
        }
        return implode("\n", $lines);
    };
    $nco = mt_rand(2, 5);
    for ($k = 0; $k < $nco; $k++) {
        $body = $gen("co$k", mt_rand(3, 9), true);
        $code .= "go(function () use (\$op, \$ch, \$wg) {\n    try {\n        "
            . str_replace("\n", "\n        ", $body)
            . "\n        echo \"co$k ends\\n\";\n    } finally {\n        echo \"co$k finally\\n\";\n"
            . (mt_rand(0, 2) === 0 ? "        \$op('co$k', 'finally tryPush', fn() => \$ch[0]->tryPush('fin$k'));\n" : '')
            . "    }\n});\n";
    }
    $code .= "try {\n    " . str_replace("\n", "\n    ", $gen('main', mt_rand(3, 10), false))
        . "\n} catch (Chan\\DeadlockError \$e) {\n    echo 'main deadlock: ', \$e->getMessage(), \"\\n\";\n} catch (RuntimeException \$e) {\n    echo 'main caught abort: ', \$e->getMessage(), \"\\n\";\n}\n";
    $code .= "echo 'main ends, count ', Coroutine::count(), ' ', json_encode(array_map(fn(\$c) => \$c->stats(), \$ch)), \"\\n\";\n";
    return $code;
}

$scenarios = require __DIR__ . '/scenarios.php';
if (isset($opt['random'])) {
    $scenarios = array_filter($scenarios, fn($code) => !str_starts_with($code, 'RANDOM:'));
    $seed = (int) ($opt['seed'] ?? 1);
    for ($i = 0; $i < (int) $opt['random']; $i++) {
        $scenarios['random_program_' . ($seed + $i)] = 'RANDOM:' . ($seed + $i);
    }
}
foreach ($scenarios as $name => $code) {
    if (str_starts_with($code, 'RANDOM:')) {
        $scenarios[$name] = random_program((int) substr($code, 7));
    }
}
foreach ((array) ($opt['phpt'] ?? []) as $path) {
    $files = is_dir($path)
        ? iterator_to_array(new RegexIterator(new RecursiveIteratorIterator(new RecursiveDirectoryIterator($path)), '/\.phpt$/'))
        : [$path => $path];
    ksort($files);
    foreach ($files as $file => $_) {
        $t = (string) file_get_contents((string) $file);
        if (preg_match('/--FILE--\n(.*?)\n--(?:EXPECT|EXPECTF|EXPECTREGEX|CLEAN)--/s', $t, $m)) {
            $scenarios['phpt:' . basename(dirname((string) $file)) . '/' . basename((string) $file, '.phpt')] = $m[1];
        }
    }
}

// The same ini for both sides: errors displayed on stdout, not logged.
$phpArgs = ['-d', 'display_errors=1', '-d', 'log_errors=0', '-d', 'error_reporting=-1', '-d', 'html_errors=0'];
$dir = sys_get_temp_dir() . '/purephp-selftest-' . getmypid();
$failed = [];
$n = 0;
$t0 = microtime(true);
printf("selftest: extension %s, model %s\n", $chanSo, __DIR__ . '/bootstrap.php');
foreach ($scenarios as $name => $code) {
    if ($only !== null && !str_contains($name, $only)) {
        continue;
    }
    $n++;
    $r = diff_run($code, str_replace([':', '/'], '_', $name), $chanSo, PHP_BINARY, $phpArgs, $dir);
    printf("%-4s %-48s ext %.2fs, model %.2fs\n", $r['same'] ? 'ok' : 'DIFF', $name, $r['ext'][3], $r['model'][3]);
    if ($verbose || !$r['same']) {
        foreach ([0 => 'stdout', 1 => 'stderr'] as $i => $stream) {
            if ($r['ext'][$i] !== $r['model'][$i]) {
                echo "  {$stream}:\n", preg_replace('/^/m', '    ', diff_text($r['ext'][$i], $r['model'][$i]));
            } elseif ($verbose && $r['ext'][$i] !== '') {
                echo "  {$stream} (same):\n", preg_replace('/^/m', '    ', $r['ext'][$i]), "\n";
            }
        }
        if ($r['ext'][2] !== $r['model'][2]) {
            echo "  exit status: extension {$r['ext'][2]}, model {$r['model'][2]}\n";
        }
    }
    if (!$r['same']) {
        $failed[] = $name;
    }
}
@rmdir($dir);
printf("\n%d scenario(s), %d difference(s) in %.1f s%s\n", $n, count($failed), microtime(true) - $t0,
    $failed ? ': ' . implode(', ', $failed) : '');
exit($failed ? 1 : 0);
