<?php
/**
 * diff_fuzz.php - differential fuzzer: random chan programs run on the
 * extension and on the pure-PHP model of SPEC.md (benchmarks/purephp), traces
 * compared.
 *
 *   php tests/fuzz/diff_fuzz.php [--seed=N] [--programs=N] [--first=I] [--batch=N]
 *       [--so=PATH] [--timed=PERCENT] [--slot=MS] [--serial] [--keep=DIR] [--max-divergences=N]
 *   php tests/fuzz/diff_fuzz.php --seed=S --only=I [--print | --reduce] [--so=PATH]
 *
 * Program I of seed S is generated from its own Mt19937 seeded with (S, I),
 * so `--seed=S --only=I` replays it alone: --print prints it (a complete PHP
 * script for the extension), --reduce shrinks it line by line while it still
 * diverges and prints the result, neither runs it once on both and shows the
 * difference.
 *
 * A program: 1-4 channels (capacity 0..4, lock-free or mutex ring), 0-2
 * WaitGroups, and coroutines (nested go() up to depth 3, some with
 * positional or named arguments) doing push, pop, tryPush, tryPop, close,
 * select (receive and send cases, with and without default), yield, sleep,
 * foreach over a channel, WaitGroup add/done/wait, state queries, bad
 * arguments, unwrapped operations whose exception escapes, a thrown exception
 * (abort), a nested run(); finally blocks print, and some try a non-blocking
 * or a blocking operation or start a coroutine (which behave differently in a
 * coroutine destroyed by an abort); some values print when they are released.
 * One program in ten is three times longer. Every result and every exception
 * (class and message) is printed where it happens, so the output is the
 * interleaving under the Go-order schedule; each program ends with the state
 * of its channels and Coroutine::stats() peak and spawned.
 * Most programs run their body in a coroutine under Chan\run(); some run it
 * in main (main's blocking calls drive the scheduler) and call run() after.
 * A DeadlockError leaves coroutines parked (chan.stub.php): the program then
 * closes every channel, zeroes every WaitGroup and calls run() again, until
 * no coroutine is left, so nothing leaks into the next program.
 *
 * Timers: both implementations run in real time, so a timer's outcome must
 * not depend on the machine's speed. A program with timers (--timed percent
 * of them, default 5) gives each timed operation its own duration among 1, 2
 * and 4 slots (--slot ms, default 20): every deadline is then a sum of
 * distinct powers of two slots, so no two can coincide and each timer fires
 * only when everything else has long been idle. Timed operations never sit
 * in a loop (a second execution would repeat a duration).
 *
 * Many programs go into one generated file (--batch, default 250): the
 * extension runs it in one process and the model in another (both at once
 * unless --serial); stdout, stderr and the exit status are compared after
 * difflib.php's normalisation. For each divergence the first differing
 * program is rerun alone, its source and diff are written under --keep
 * (default tests/fuzz/build/diff), and fuzzing resumes after it.
 *
 * Last line: "diff_fuzz: N programs, D divergences"; exit status 1 when D > 0.
 */

declare(strict_types=1);

require dirname(__DIR__, 2) . '/benchmarks/purephp/difflib.php';

/** Helpers shared by every generated file; each program is a function fz_p_I(). */
const FZ_PRELUDE = <<<'PHP'
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\run;
use function Chan\select;

final class FuzzBoom extends LogicException {}

/** A value that says when it is released. */
final class FzVal
{
    public function __construct(public int $n) {}
    public function __destruct() { echo "release v{$this->n}\n"; }
}

function fz_enc(mixed $v): string
{
    return json_encode($v, JSON_UNESCAPED_SLASHES | JSON_PARTIAL_OUTPUT_ON_ERROR);
}

/** Runs one operation and prints its result or the Chan exception it threw. */
function fz_op(string $who, string $what, Closure $f): void
{
    try {
        $r = $f();
        echo $who, ' ', $what, ' -> ', fz_enc($r), "\n";
    } catch (Chan\Exception | Chan\Error $e) {
        echo $who, ' ', $what, ' !! ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

/** An operation with a bad argument: TypeError / ValueError expected. */
function fz_bad(string $who, string $what, Closure $f): void
{
    try {
        $r = $f();
        echo $who, ' ', $what, ' -> ', fz_enc($r), "\n";
    } catch (Throwable $e) {
        echo $who, ' ', $what, ' !! ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

function fz_trypop(Channel $c): array
{
    $x = 'kept';
    $r = $c->tryPop($x);
    return [$r, $x];
}

function fz_state(array $ch, array $wg): string
{
    $s = 'co=' . Coroutine::count();
    foreach ($ch as $k => $c) {
        $st = $c->stats();
        $s .= " ch$k=" . count($c) . '/' . $c->capacity . ($c->isClosed() ? 'C' : '') . ($c->isEmpty() ? 'e' : '')
            . ($c->isFull() ? 'f' : '') . ' P' . $st['pushers'] . ' Q' . $st['poppers'];
    }
    foreach ($wg as $k => $w) {
        $s .= " wg$k=" . $w->count();
    }
    return $s;
}

/**
 * Runs $fn under run() (or just run() to finish what main started); after a
 * deadlock closes every channel and zeroes every WaitGroup and runs again, so
 * that no coroutine survives the program.
 */
function fz_run(?Closure $fn, array $ch, array $wg): void
{
    for ($round = 0; $round < 12; $round++) {
        try {
            $r = run($fn ?? static fn () => 'fin');
            echo 'run -> ', fz_enc($r), "\n";
        } catch (Chan\DeadlockError $e) {
            echo 'run !! deadlock: ', $e->getMessage(), ' ', fz_state($ch, $wg), "\n";
            foreach ($ch as $c) {
                $c->close();
            }
            foreach ($wg as $w) {
                $w->add(-$w->count());
            }
        } catch (Throwable $e) {
            echo 'run !! ', get_class($e), ': ', $e->getMessage(), "\n";
        }
        $fn = null;
        if (Coroutine::count() === 0) {
            break;
        }
    }
    // 'switches' is left out: how many switches a schedule takes is the
    // implementation's business, not the contract's.
    $st = Coroutine::stats();
    echo 'end ', fz_state($ch, $wg), " peak={$st['peak']} spawned={$st['spawned']}\n";
}

PHP;

final class FzGen
{
    private \Random\Randomizer $r;
    private int $nch;
    private int $nwg;
    private int $val = 0;
    private int $names = 0;
    private int $cos = 0;
    /** @var list<int> durations (in slots) not used yet by a timed operation */
    private array $slots = [];
    private int $booms = 0;
    private bool $mainMode = false;
    /** 1, or 3 for the one program in ten that has longer bodies and more coroutines. */
    private int $size = 1;

    public function __construct(private int $seed, private int $index, private float $slot)
    {
    }

    public static function progSeed(int $seed, int $index): int
    {
        return (($seed * 1000003) + $index) & 0x7FFFFFFF;
    }

    private function int(int $a, int $b): int
    {
        return $this->r->getInt($a, $b);
    }

    /** True with probability $p (per mille precision). */
    private function chance(float $p): bool
    {
        return $this->r->getInt(1, 1000) <= (int) round($p * 1000);
    }

    /** @param array<string, int|float> $weights */
    private function pick(array $weights): string
    {
        $total = 0;
        foreach ($weights as $w) {
            $total += (int) round($w * 10);
        }
        $x = $this->int(1, $total);
        foreach ($weights as $k => $w) {
            $x -= (int) round($w * 10);
            if ($x <= 0) {
                return (string) $k;
            }
        }
        return (string) array_key_last($weights);
    }

    /** The function fz_p_I() for this program. */
    public function program(float $timedPct): string
    {
        $ps = self::progSeed($this->seed, $this->index);
        $this->r = new \Random\Randomizer(new \Random\Engine\Mt19937($ps));
        $this->nch = $this->int(1, 4);
        $this->nwg = $this->int(0, 2);
        if ($this->chance($timedPct / 100)) {
            $slots = $this->r->shuffleArray([1, 2, 4]);
            $this->slots = array_slice($slots, 0, $this->int(1, 3));
        }
        $this->booms = $this->chance(0.15) ? 1 : 0;
        $this->mainMode = $this->chance(0.2);
        $this->size = $this->chance(0.1) ? 3 : 1;

        $chs = [];
        for ($c = 0; $c < $this->nch; $c++) {
            $cap = [0, 0, 1, 1, 2, 3, 4][$this->int(0, 6)];
            $chs[] = 'new Channel(' . $cap . ($this->chance(0.5) ? ', true' : '') . ')';
        }
        $wgs = [];
        for ($w = 0; $w < $this->nwg; $w++) {
            $wgs[] = 'new WaitGroup(' . $this->int(0, 2) . ')';
        }

        $L = [];
        $L[] = "function fz_p_{$this->index}(): void";
        $L[] = '{';
        $L[] = "    mt_srand({$ps});";
        $L[] = '    $ch = [' . implode(', ', $chs) . '];';
        $L[] = '    $wg = [' . implode(', ', $wgs) . '];';
        if ($this->mainMode) {
            $L[] = '    try {';
            foreach ($this->body('M', 0, $this->int(3, 12 * $this->size), false) as $line) {
                $L[] = '        ' . $line;
            }
            $L[] = '    } catch (Throwable $e) {';
            $L[] = '        echo "M !! ", get_class($e), ": ", $e->getMessage(), "\n";';
            $L[] = '    }';
            $L[] = '    fz_run(null, $ch, $wg);';
        } else {
            $L[] = '    fz_run(function () use ($ch, $wg) {';
            foreach ($this->coBody('m', 0, $this->int(3, 12 * $this->size), false) as $line) {
                $L[] = '        ' . $line;
            }
            $L[] = "        return 'm{$this->index}';";
            $L[] = '    }, $ch, $wg);';
        }
        $L[] = '}';
        return implode("\n", $L) . "\n";
    }

    /** A coroutine's body: its operations inside try/finally (the finally shows teardown order). */
    private function coBody(string $who, int $depth, int $n, bool $params): array
    {
        $L = [];
        if ($params) {
            $L[] = "echo '$who args ', fz_enc([\$a, \$b]), \"\\n\";";
        }
        $L[] = 'try {';
        foreach ($this->body($who, $depth, $n, true) as $line) {
            $L[] = '    ' . $line;
        }
        $L[] = "    echo \"$who ends\\n\";";
        $L[] = '} finally {';
        $L[] = "    echo \"$who finally\\n\";";
        // Run at the normal end, and also when an abort destroys the
        // coroutine: then blocking throws Chan\Error and a coroutine started
        // here never runs (chan.stub.php).
        $c = $this->chan();
        switch ($this->pick(['none' => 76, 'tryPush' => 10, 'block' => 6, 'go' => 4, 'state' => 4])) {
            case 'state':
                $L[] = "    fz_op('$who', 'finally state', fn () => fz_state(\$ch, \$wg));";
                break;
            case 'tryPush':
                $L[] = "    fz_op('$who', 'finally tryPush ch$c', fn () => \$ch[$c]->tryPush({$this->value()}));";
                break;
            case 'block':
                $L[] = $this->chance(0.5)
                    ? "    fz_op('$who', 'finally pop ch$c', fn () => \$ch[$c]->pop());"
                    : "    fz_op('$who', 'finally yield', fn () => Coroutine::yield());";
                break;
            case 'go':
                $L[] = "    go(function () { echo \"$who finally child runs\\n\"; });";
                break;
        }
        $L[] = '}';
        return $L;
    }

    /** $s escaped for a single-quoted PHP string. */
    private static function q(string $s): string
    {
        return addcslashes($s, "'\\");
    }

    private function value(): string
    {
        $v = ++$this->val;
        return match ($this->pick(['int' => 70, 'str' => 10, 'null' => 5, 'false' => 3, 'arr' => 7, 'obj' => 5, 'dtor' => 8])) {
            'dtor' => "new FzVal($v)",
            'int' => (string) $v,
            'str' => "'s$v'",
            'null' => 'null',
            'false' => 'false',
            'arr' => "[$v, 'a']",
            'obj' => "(object) ['o' => $v]",
        };
    }

    /** A timeout argument: none, 0, or (in timed programs, outside loops) an unused duration. */
    private function timeout(bool $inLoop): string
    {
        if (!$inLoop && $this->slots && $this->chance(0.4)) {
            return $this->slotSeconds(array_pop($this->slots));
        }
        return match ($this->pick(['null' => 55, 'zero' => 42, 'inf' => 3])) {
            'null' => 'null',
            'zero' => '0',
            'inf' => 'INF',
        };
    }

    private function slotSeconds(int $k): string
    {
        return rtrim(rtrim(sprintf('%.4f', $k * $this->slot), '0'), '.');
    }

    private function chan(): int
    {
        return $this->int(0, $this->nch - 1);
    }

    /**
     * $n operations for context $who. $inCo: running in a coroutine (else in
     * main). Blocks (go, foreach) open with a line ending in "{" and close on
     * a line of their own, so that --reduce can drop them whole.
     *
     * @return list<string>
     */
    private function body(string $who, int $depth, int $n, bool $inCo, bool $inLoop = false): array
    {
        $L = [];
        for ($i = 0; $i < $n; $i++) {
            $w = [
                'push' => 14, 'pop' => 12, 'tryPush' => 5, 'tryPop' => 5, 'select' => 10, 'close' => 3.5,
                'yield' => 4, 'sleep0' => 1.5, 'state' => 3, 'count' => 1,
            ];
            if (!$inLoop) {
                $w['foreach'] = 3;
                if ($depth < 3 && $this->cos < 14 * $this->size) {
                    $w['go'] = $depth === 0 ? 16 : 7;
                }
                if ($this->slots) {
                    $w['sleep'] = 3;
                }
                $w['raw'] = 1.5;
                $w['badArg'] = 0.7;
                $w['nestedRun'] = 0.5;
                if ($inCo && $this->booms > 0) {
                    $w['boom'] = 2;
                }
            }
            if ($this->nwg > 0) {
                $w['wgAdd'] = 2.5;
                $w['wgDone'] = 2.5;
                $w['wgWait'] = $inLoop ? 0.5 : 3;
            }
            $op = $this->pick($w);
            $c = $this->chan();
            switch ($op) {
                case 'push':
                    $v = $this->value();
                    $t = $this->timeout($inLoop);
                    $L[] = "fz_op('$who', '" . self::q("push $v ch$c t=$t") . "', fn () => \$ch[$c]->push($v" . ($t === 'null' && $this->chance(0.7) ? '' : ", $t") . '));';
                    break;
                case 'pop':
                    $t = $this->timeout($inLoop);
                    $L[] = "fz_op('$who', 'pop ch$c t=$t', fn () => \$ch[$c]->pop(" . ($t === 'null' && $this->chance(0.7) ? '' : $t) . '));';
                    break;
                case 'tryPush':
                    $v = $this->value();
                    $L[] = "fz_op('$who', '" . self::q("tryPush $v ch$c") . "', fn () => \$ch[$c]->tryPush($v));";
                    break;
                case 'tryPop':
                    $L[] = $this->chance(0.15)
                        ? "fz_op('$who', 'tryPop() ch$c', fn () => \$ch[$c]->tryPop());"
                        : "fz_op('$who', 'tryPop ch$c', fn () => fz_trypop(\$ch[$c]));";
                    break;
                case 'select':
                    $L[] = $this->select($who, $inLoop);
                    break;
                case 'close':
                    $L[] = "fz_op('$who', 'close ch$c', fn () => \$ch[$c]->close());";
                    break;
                case 'yield':
                    $L[] = 'Coroutine::yield();';
                    break;
                case 'sleep0':
                    $L[] = 'Coroutine::sleep(0);';
                    break;
                case 'sleep':
                    $d = $this->slotSeconds(array_pop($this->slots));
                    $L[] = "fz_op('$who', 'sleep $d', fn () => Coroutine::sleep($d));";
                    break;
                case 'state':
                    $L[] = "fz_op('$who', 'state', fn () => fz_state(\$ch, \$wg));";
                    break;
                case 'count':
                    $L[] = "echo '$who count ', Coroutine::count(), ' in ', Coroutine::id() > 0 ? 'co' : 'main', \"\\n\";";
                    break;
                case 'wgAdd':
                    $k = $this->int(0, $this->nwg - 1);
                    $d = [-1, 1, 1, 2][$this->int(0, 3)];
                    $L[] = "fz_op('$who', 'wg$k add $d', fn () => \$wg[$k]->add($d));";
                    break;
                case 'wgDone':
                    $k = $this->int(0, $this->nwg - 1);
                    $L[] = "fz_op('$who', 'wg$k done', fn () => \$wg[$k]->done());";
                    break;
                case 'wgWait':
                    $k = $this->int(0, $this->nwg - 1);
                    $t = $this->timeout($inLoop);
                    $L[] = "fz_op('$who', 'wg$k wait t=$t', fn () => [\$wg[$k]->wait($t), \$wg[$k]->count()]);";
                    break;
                case 'raw':
                    // Not wrapped: a Chan exception escapes the coroutine (an abort) or main's body.
                    if ($this->chance(0.5)) {
                        $L[] = "echo '$who raw pop ch$c -> ' . fz_enc(\$ch[$c]->pop()) . \"\\n\";";
                    } else {
                        $v = $this->value();
                        $L[] = "\$ch[$c]->push($v); echo \"$who raw push ch$c done\\n\";";
                    }
                    break;
                case 'badArg':
                    $k = $this->int(0, max(0, $this->nwg - 1));
                    [$what, $expr] = match ($this->int(0, 8)) {
                        0 => ["pop ch$c t=-1", "\$ch[$c]->pop(-1)"],
                        1 => ["push ch$c t=NAN", "\$ch[$c]->push(1, NAN)"],
                        2 => ['sleep -1', 'Coroutine::sleep(-1)'],
                        3 => ['select bad case', "select([\$ch[$c], 'x' => 5])"],
                        4 => ['select bad pair', "select(['k' => [\$ch[$c]]])"],
                        5 => ['new Channel(-1)', 'new Channel(-1)'],
                        6 => ['new WaitGroup(-1)', 'new WaitGroup(-1)'],
                        7 => ['select t=-0.5', "select([\$ch[$c]], -0.5)"],
                        8 => $this->nwg > 0 ? ["wg$k wait t=-1", "\$wg[$k]->wait(-1)"] : ['sleep NAN', 'Coroutine::sleep(NAN)'],
                    };
                    $L[] = "fz_bad('$who', '$what', fn () => $expr);";
                    break;
                case 'nestedRun':
                    $L[] = "fz_op('$who', 'run', fn () => run(fn () => '$who-inner'));";
                    break;
                case 'boom':
                    $this->booms--;
                    $L[] = "throw new FuzzBoom('$who boom');";
                    return $L;
                case 'foreach':
                    $L = array_merge($L, $this->foreach($who, $depth, $c));
                    break;
                case 'go':
                    $L = array_merge($L, $this->go($depth));
                    break;
            }
        }
        return $L;
    }

    private function select(string $who, bool $inLoop): string
    {
        $k = $this->pick(['0' => 2, '1' => 30, '2' => 40, '3' => 28]);
        $keys = match ($this->pick(['list' => 5, 'str' => 3, 'int' => 2])) {
            'list' => range(0, 2),
            'str' => ["'a'", "'b'", "'c'"],
            'int' => [7, 3, 5],
        };
        $cases = [];
        $desc = [];
        for ($j = 0; $j < (int) $k; $j++) {
            $c = $this->chan();
            if ($this->chance(0.55)) {
                $cases[] = "{$keys[$j]} => \$ch[$c]";
                $desc[] = trim((string) $keys[$j], "'") . ":ch$c";
            } else {
                $v = $this->value();
                $cases[] = "{$keys[$j]} => [\$ch[$c], $v]";
                $desc[] = trim((string) $keys[$j], "'") . ":ch$c<-$v";
            }
        }
        $t = $this->timeout($inLoop);
        if ($cases === [] && ($t === 'null' || $t === 'INF')) {
            $t = '0'; // an empty select without a timeout would block forever: no cleanup could end it
        }
        $what = self::q('select ' . implode(' ', $desc) . " t=$t");
        return "fz_op('$who', '$what', fn () => select([" . implode(', ', $cases) . ']' . ($t === 'null' ? '' : ", $t") . '));';
    }

    /** @return list<string> */
    private function foreach(string $who, int $depth, int $c): array
    {
        $L = [];
        $max = $this->int(1, 6);
        $inner = $this->body($who, $depth, $this->int(0, 2), true, true);
        // In a closure so that a Chan exception (DeadlockError in main) ends only this loop.
        $L[] = "fz_op('$who', 'foreach ch$c', function () use (\$ch, \$wg) {";
        $L[] = "    foreach (\$ch[$c] as \$k => \$v) {";
        $L[] = "        echo '$who foreach ch$c ', \$k, ' => ', fz_enc(\$v), \"\\n\";";
        foreach ($inner as $line) {
            $L[] = '        ' . $line;
        }
        // Every loop is bounded: two loops feeding each other would never end.
        $L[] = "        if (\$k >= $max) {";
        $L[] = "            return 'break';";
        $L[] = '        }';
        $L[] = '    }';
        $L[] = "    return 'end';";
        $L[] = '});';
        return $L;
    }

    /** @return list<string> */
    private function go(int $depth): array
    {
        $name = 'c' . ++$this->names;
        $this->cos++;
        $params = $this->chance(0.12);
        $L = [];
        $L[] = 'go(function (' . ($params ? '$a, $b' : '') . ') use ($ch, $wg) {';
        foreach ($this->coBody($name, $depth + 1, $this->int(1, 8 * $this->size), $params) as $line) {
            $L[] = '    ' . $line;
        }
        if ($params) {
            $a = $this->value();
            $b = $this->value();
            $L[] = $this->chance(0.5) ? "}, $a, $b);" : "}, b: $b, a: $a);";
        } else {
            $L[] = '});';
        }
        return $L;
    }
}

/* --- files and processes ------------------------------------------------------ */

/** A complete script (for the extension) running programs $indexes in order. */
function fz_script(int $seed, array $indexes, float $timedPct, float $slot, ?array $bodies = null): string
{
    $code = "<?php\n// diff_fuzz seed {$seed}\n" . FZ_PRELUDE . FZ_PROGRAMS;
    foreach ($indexes as $i) {
        $code .= "\n" . ($bodies[$i] ?? (new FzGen($seed, $i, $slot))->program($timedPct));
    }
    $code .= "\n" . FZ_DRIVER . "\nforeach ([" . implode(', ', $indexes) . "] as \$fz_i) {\n    echo \"=== P \$fz_i\\n\";\n    ('fz_p_' . \$fz_i)();\n}\necho \"=== END\\n\";\n";
    return $code;
}

const FZ_PROGRAMS = "/* fz: programs */\n";
const FZ_DRIVER = "/* fz: driver */\n";

/**
 * diff_to_model() of a script made by fz_script(). Tokenizing a whole batch
 * costs about as much as running it, and the programs name nothing in
 * namespace Chan (the prelude imports it all): only the prelude and the
 * driver go through diff_to_model().
 */
function fz_to_model(string $code): string
{
    $a = strpos($code, FZ_PROGRAMS);
    $b = strpos($code, FZ_DRIVER);
    if ($a === false || $b === false || $b < $a) {
        return diff_to_model($code);
    }
    $a += strlen(FZ_PROGRAMS);
    $programs = substr($code, $a, $b - $a);
    if (stripos($programs, 'chan\\') !== false || str_contains($programs, FZ_PROGRAMS)) {
        return diff_to_model($code);
    }
    $m = diff_to_model(substr($code, 0, $a) . substr($code, $b));
    $at = strpos($m, FZ_PROGRAMS);
    return substr($m, 0, $at + strlen(FZ_PROGRAMS)) . $programs . substr($m, $at + strlen(FZ_PROGRAMS));
}

const FZ_PHP_ARGS = ['-d', 'display_errors=1', '-d', 'log_errors=0', '-d', 'error_reporting=-1', '-d', 'html_errors=0',
    '-d', 'memory_limit=512M'];

/**
 * Runs $code on the extension and on the model (at once unless $serial), each
 * from a file of the same name in its own directory. Returns the normalised
 * [stdout, stderr, status] of each side and the wall time.
 *
 * @return array{ext: array{string, string, int}, model: array{string, string, int}, secs: float}
 */
function fz_run_both(string $code, string $so, string $dir, bool $serial, float $limit): array
{
    $t0 = microtime(true);
    $sides = [
        'ext' => [$code, ['-d', 'extension=' . $so], []],
        'model' => [fz_to_model($code), ['-d', 'auto_prepend_file=' . DIFF_BOOTSTRAP], ['PUREPHP_CHAN_END_MARKER' => '1']],
    ];
    $procs = [];
    $res = [];
    foreach ($sides as $side => [$src, $args, $env]) {
        $d = "$dir/$side";
        if (!is_dir($d)) {
            mkdir($d, 0777, true);
        }
        file_put_contents("$d/prog.php", $src);
        $cmd = array_merge([PHP_BINARY], FZ_PHP_ARGS, $args, ["$d/prog.php"]);
        $p = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$d/out", 'w'], 2 => ['file', "$d/err", 'w']],
            $pipes, null, $env + getenv());
        if (!is_resource($p)) {
            throw new RuntimeException('cannot start ' . implode(' ', $cmd));
        }
        $procs[$side] = $p;
        if ($serial) {
            $res[$side] = fz_wait($p, $t0, $limit);
        }
    }
    foreach ($procs as $side => $p) {
        $res[$side] ??= fz_wait($p, $t0, $limit);
    }
    $out = ['secs' => microtime(true) - $t0];
    foreach ($sides as $side => $_) {
        $d = "$dir/$side";
        $o = (string) file_get_contents("$d/out");
        $e = (string) file_get_contents("$d/err");
        if ($res[$side] === -9) {
            $e .= "\n[killed after {$limit} s]\n";
        }
        $o = str_replace("$d/prog.php", 'prog.php', diff_normalize($o, $side === 'model'));
        $e = str_replace("$d/prog.php", 'prog.php', diff_normalize($e, $side === 'model'));
        $out[$side] = [$o, $e, $res[$side]];
    }
    return $out;
}

/** Waits for $p; kills it past $limit seconds from $t0 (status -9). */
function fz_wait($p, float $t0, float $limit): int
{
    for (;;) {
        $st = proc_get_status($p);
        if (!$st['running']) {
            proc_close($p);
            return $st['signaled'] ? 128 + $st['termsig'] : $st['exitcode'];
        }
        if (microtime(true) - $t0 > $limit) {
            proc_terminate($p, 9);
            proc_close($p);
            return -9;
        }
        usleep(2000);
    }
}

/** Splits a batch's stdout into program index => section. @return array<int|string, string> */
function fz_sections(string $out): array
{
    $parts = preg_split('/^=== P (\d+)\n/m', $out, -1, PREG_SPLIT_DELIM_CAPTURE);
    $s = ['pre' => $parts[0]];
    for ($k = 1; $k + 1 < count($parts); $k += 2) {
        $s[(int) $parts[$k]] = $parts[$k + 1];
    }
    return $s;
}

/** The first program of $indexes whose trace differs, or null when all agree. */
function fz_first_divergence(array $indexes, array $r): ?int
{
    $e = fz_sections($r['ext'][0]);
    $m = fz_sections($r['model'][0]);
    foreach ($indexes as $i) {
        if (($e[$i] ?? null) !== ($m[$i] ?? null)) {
            return $i;
        }
    }
    if ($r['ext'] !== $r['model']) {
        return end($indexes); // stderr or exit status: charge it to the last program
    }
    return null;
}

function fz_report(array $r): string
{
    $s = '';
    foreach ([0 => 'stdout', 1 => 'stderr'] as $k => $stream) {
        if ($r['ext'][$k] !== $r['model'][$k]) {
            $s .= "  {$stream}:\n" . preg_replace('/^/m', '    ', diff_text($r['ext'][$k], $r['model'][$k]));
        }
    }
    if ($r['ext'][2] !== $r['model'][2]) {
        $s .= "  exit status: extension {$r['ext'][2]}, model {$r['model'][2]}\n";
    }
    return $s;
}

/** Lines of the diff that differ, with a little context, at most $max lines. */
function fz_short(string $report, int $max = 40): string
{
    $lines = explode("\n", $report);
    $keep = [];
    foreach ($lines as $n => $l) {
        if (preg_match('/^\s+[-+] /', $l) || !preg_match('/^\s{4}/', $l)) {
            for ($k = max(0, $n - 2); $k <= min(count($lines) - 1, $n + 2); $k++) {
                $keep[$k] = true;
            }
        }
    }
    $out = [];
    $last = -1;
    foreach (array_keys($keep) as $k) {
        if ($k !== $last + 1 && $out) {
            $out[] = '    ...';
        }
        $out[] = $lines[$k];
        $last = $k;
    }
    if (count($out) > $max) {
        $out = array_merge(array_slice($out, 0, $max), ['    ... (' . (count($out) - $max) . ' more lines)']);
    }
    return implode("\n", $out) . "\n";
}

/**
 * Shrinks program $body (the function fz_p_I) while it still diverges:
 * drops single lines, or a whole block from a line ending in "{" to its
 * closing line, from the end backwards, until no drop keeps a divergence.
 */
function fz_reduce(int $seed, int $index, string $body, string $so, string $dir, bool $serial): string
{
    $diverges = static function (string $b) use ($seed, $index, $so, $dir, $serial): bool {
        $r = fz_run_both(fz_script($seed, [$index], 0, 0.02, [$index => $b]), $so, $dir, $serial, 60);
        return $r['ext'] !== $r['model'] && !str_contains($r['ext'][0] . $r['model'][0], 'Parse error');
    };
    $lines = explode("\n", rtrim($body, "\n"));
    $progress = true;
    while ($progress) {
        $progress = false;
        for ($i = count($lines) - 2; $i >= 5; $i--) {
            if (!isset($lines[$i])) {
                continue;
            }
            $end = $i;
            if (str_ends_with(rtrim($lines[$i]), '{')) {
                $indent = strlen($lines[$i]) - strlen(ltrim($lines[$i]));
                for ($j = $i + 1; $j < count($lines); $j++) {
                    $l = $lines[$j];
                    if (trim($l) !== '' && strlen($l) - strlen(ltrim($l)) === $indent && $l[$indent] === '}') {
                        $end = $j;
                        break;
                    }
                }
                if ($end === $i) {
                    continue;
                }
            } elseif (in_array(trim($lines[$i]), ['}', '});', '} finally {', 'try {'], true) || str_starts_with(trim($lines[$i]), '}, ')) {
                continue;
            }
            $try = $lines;
            array_splice($try, $i, $end - $i + 1);
            if ($diverges(implode("\n", $try) . "\n")) {
                $lines = $try;
                $progress = true;
                fwrite(STDERR, 'reduce: ' . count($lines) . " lines\n");
            }
        }
    }
    return implode("\n", $lines) . "\n";
}

/* --- main ------------------------------------------------------------------------ */

$opt = getopt('', ['seed:', 'programs:', 'first:', 'batch:', 'so:', 'timed:', 'slot:', 'serial', 'keep:', 'only:',
    'print', 'reduce', 'max-divergences:', 'help']);
if (isset($opt['help'])) {
    preg_match('#/\*\*(.*?)\*/#s', (string) file_get_contents(__FILE__), $m);
    echo preg_replace('/^ \* ?/m', '', $m[1]), "\n";
    exit(0);
}
$seed = (int) ($opt['seed'] ?? 1);
$programs = (int) ($opt['programs'] ?? 10000);
$first = (int) ($opt['first'] ?? 0);
$batch = max(1, (int) ($opt['batch'] ?? 250));
$so = $opt['so'] ?? (getenv('CHAN_SO') ?: dirname(__DIR__, 2) . '/modules/chan.so');
$timedPct = (float) ($opt['timed'] ?? 5);
$slot = (float) ($opt['slot'] ?? 20) / 1000;
$serial = isset($opt['serial']);
$keep = $opt['keep'] ?? __DIR__ . '/build/diff';
$maxDiv = (int) ($opt['max-divergences'] ?? 20);
$dir = sys_get_temp_dir() . '/diff-fuzz-' . getmypid();
register_shutdown_function(static function () use ($dir): void {
    foreach (['ext', 'model'] as $side) {
        foreach (['prog.php', 'out', 'err'] as $f) {
            @unlink("$dir/$side/$f");
        }
        @rmdir("$dir/$side");
    }
    @rmdir($dir);
});

if (isset($opt['only'])) {
    $i = (int) $opt['only'];
    $body = (new FzGen($seed, $i, $slot))->program($timedPct);
    if (isset($opt['print'])) {
        echo fz_script($seed, [$i], $timedPct, $slot);
        exit(0);
    }
    if (!is_file($so)) {
        fwrite(STDERR, "diff_fuzz: no extension at {$so} (use --so=PATH)\n");
        exit(2);
    }
    if (isset($opt['reduce'])) {
        echo fz_script($seed, [$i], $timedPct, $slot, [$i => fz_reduce($seed, $i, $body, $so, $dir, $serial)]);
        exit(0);
    }
    $r = fz_run_both(fz_script($seed, [$i], $timedPct, $slot), $so, $dir, $serial, 120);
    echo $r['ext'] === $r['model'] ? "same trace\n" . $r['ext'][0] : "DIVERGES\n" . fz_report($r);
    echo 'diff_fuzz: 1 programs, ', $r['ext'] === $r['model'] ? 0 : 1, " divergences\n";
    exit($r['ext'] === $r['model'] ? 0 : 1);
}

if (isset($opt['print'])) {
    echo fz_script($seed, range($first, $first + $programs - 1), $timedPct, $slot);
    exit(0);
}
if (!is_file($so)) {
    fwrite(STDERR, "diff_fuzz: no extension at {$so} (use --so=PATH)\n");
    exit(2);
}
printf("diff_fuzz: seed %d, programs %d..%d, batch %d, timed %g%% (slot %g ms), extension %s\n",
    $seed, $first, $first + $programs - 1, $batch, $timedPct, $slot * 1000, $so);
$t0 = microtime(true);
$divergences = 0;
$done = 0;
$next = $first;
$end = $first + $programs;
$lastReport = $t0;
while ($next < $end) {
    $indexes = range($next, min($end, $next + $batch) - 1);
    $r = fz_run_both(fz_script($seed, $indexes, $timedPct, $slot), $so, $dir, $serial, 60 + 2 * count($indexes));
    $j = fz_first_divergence($indexes, $r);
    if ($j === null) {
        $done += count($indexes);
        $next = end($indexes) + 1;
    } else {
        $divergences++;
        $done += $j - $next + 1;
        $next = $j + 1;
        $alone = fz_run_both(fz_script($seed, [$j], $timedPct, $slot), $so, $dir, $serial, 120);
        $aloneDiverges = $alone['ext'] !== $alone['model'];
        $shown = $aloneDiverges ? $alone : $r;
        if (!is_dir($keep)) {
            @mkdir($keep, 0777, true);
        }
        $base = "$keep/seed{$seed}-p{$j}";
        @file_put_contents("$base.php", fz_script($seed, $aloneDiverges ? [$j] : range($indexes[0], $j), $timedPct, $slot));
        @file_put_contents("$base.diff", fz_report($shown));
        printf("\nDIVERGENCE %d: seed %d program %d (%s)\n", $divergences, $seed, $j,
            $aloneDiverges ? 'also alone' : "only after programs {$indexes[0]}..." . ($j - 1) . ' in the same process');
        echo fz_short(fz_report($shown));
        $timedArgs = ($timedPct != 5 ? " --timed=$timedPct" : '') . ($slot != 0.02 ? ' --slot=' . ($slot * 1000) : '');
        echo "  kept: $base.php (.diff)\n";
        echo "  print it:  php tests/fuzz/diff_fuzz.php --seed=$seed --only=$j$timedArgs --print\n";
        echo "  rerun it:  php tests/fuzz/diff_fuzz.php --seed=$seed --only=$j$timedArgs --so=$so\n";
        echo "  reduce it: php tests/fuzz/diff_fuzz.php --seed=$seed --only=$j$timedArgs --so=$so --reduce\n";
        if (!$aloneDiverges) {
            echo "  the batch: php tests/fuzz/diff_fuzz.php --seed=$seed --first={$indexes[0]} --programs=" . ($j - $indexes[0] + 1) . "$timedArgs --so=$so\n";
        }
        if ($divergences >= $maxDiv) {
            echo "diff_fuzz: stopping after {$divergences} divergences (--max-divergences)\n";
            break;
        }
    }
    if (microtime(true) - $lastReport >= 30 && $next < $end) {
        $lastReport = microtime(true);
        printf("diff_fuzz: %d programs, %.0f s\n", $done, $lastReport - $t0);
    }
}
$secs = microtime(true) - $t0;
printf("diff_fuzz: seed %d, %.1f s, %.0f programs/s\n", $seed, $secs, $done / max($secs, 0.001));
printf("diff_fuzz: %d programs, %d divergences\n", $done, $divergences);
exit($divergences > 0 ? 1 : 0);
