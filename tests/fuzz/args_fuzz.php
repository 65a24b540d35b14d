<?php
/*
 * args_fuzz.php - argument fuzzer for chan's PHP API and for PHP's own
 * functions that chan hooks.
 *
 *   php -d extension=modules/chan.so tests/fuzz/args_fuzz.php
 *       [--seed=N] [--iterations=N] [--only=I] [--batch=N] [--verbose] [--progress=FILE]
 *
 * Calls every function and method the extension defines (found by reflection:
 * Chan\go, run, select, Chan\Coroutine::*, Chan\Channel::* with its
 * constructor, Chan\WaitGroup::*, the channel's iterator, and the private
 * Coroutine methods through reflection) with wrong values of every kind:
 * each PHP type, NAN, INF, -INF, PHP_INT_MAX, PHP_INT_MIN, negative and huge
 * numbers, numeric and non-numeric strings, arrays (nested, recursive, with
 * references), objects (closures, generators, enums, fibers, incomplete
 * classes from unserialize(), objects made by
 * ReflectionClass::newInstanceWithoutConstructor() where PHP allows it),
 * open and closed resources (socket pairs, a listening tcp server on
 * 127.0.0.1, a non-blocking socket, ext-sockets Sockets when loaded),
 * arguments passed by reference and references to
 * typed properties, too few and too many arguments, unknown and duplicate
 * named arguments; through direct calls in coercive and strict mode,
 * call_user_func_array(), reflection and first-class callables; on fresh,
 * full, closed and re-constructed receivers and on receivers of the wrong
 * class.
 *
 * PHP's functions that chan hooks (HOOKED, those PHP has) are called the same
 * ways (and shell_exec() also as backticks): sleep(), usleep(),
 * time_nanosleep(), time_sleep_until(); fread(), fwrite(), fgets(),
 * stream_socket_accept(), stream_socket_recvfrom(), stream_socket_sendto(),
 * stream_select(); ext-sockets' socket_read(), socket_recv(),
 * socket_recvfrom(), socket_write(), socket_send(), socket_sendto(),
 * socket_accept() when loaded; proc_open(), proc_close(), popen(), pclose(),
 * exec(), system(), passthru(), shell_exec(). Each argument is drawn by the
 * function's rules: mostly values PHP accepts, then edge values (0, -1,
 * PHP_INT_MIN, 2**32, NAN, INF, numeric strings, null, arrays...) and values
 * of the pool, except where a value would let the call wait for good, run
 * for long, end the process or reach the outside:
 *   - commands come only from COMMANDS (true, "exit 3", "printf x",
 *     "sleep 0.01; echo y", cat and head as readers of their input, output
 *     larger than a pipe, ...), array commands (['true'], ['printf', '%s',
 *     'a'], [], ...) and values of the pool with no string in them (an int,
 *     a float, an object, null, a resource...; coerced to a string only
 *     where the call's standard error is not ours, else in strict mode,
 *     which rejects it): never a string of the pool; no command writes on
 *     the fuzzer's standard output or error;
 *   - sleeps are at most 10 ms, time_sleep_until() is at most 10 ms ahead (or
 *     in the past, or beyond what PHP accepts);
 *   - streams and sockets are socket pairs, pipes, /dev/null, php://memory,
 *     tcp and udp sockets on 127.0.0.1 (addresses: 127.0.0.1, strings with
 *     no colon, paths of no socket: nothing is looked up or sent out), each
 *     with timeouts of 2 ms, or with its data or end of file there, or a
 *     pending connection; stream_select() and stream_socket_accept() waits
 *     are at most 10 ms (no timeout only with a stream at end of file in
 *     $read), lengths at most 1 MiB (more is a fatal error in PHP itself);
 *     where PHP's own call waits for good (stream_socket_recvfrom() ignores
 *     the stream's timeout, a line read of ext-sockets loops on EAGAIN,
 *     a pty never ends for a writer) the arguments avoid it;
 *   - what proc_open() and popen() return is used as a caller would (reads,
 *     writes, proc_get_status(), stream_select(), closes) and closed, its
 *     readers' input first; whatever the iteration left open is closed at its
 *     end, newest first.
 * Under valgrind (LD_PRELOAD names it; run-tests -m traces every child)
 * calls that start processes are drawn 8 times less often and no pty is
 * used, so a seed draws other calls there.
 *
 * Each iteration builds fresh values, picks a context and runs a batch of
 * calls in it: main, a coroutine (one run() per call, or one coroutine for the
 * batch), 2-4 coroutines running parts of the batch at once (so a blocked call
 * meets the others' closes, pops and pushes), a Fiber the scheduler does not
 * own (also one started in a coroutine and resumed from another), a destructor (on unset, in the garbage collector,
 * in a coroutine, in a coroutine being torn down), a finally block of a
 * coroutine destroyed by an abort, a shutdown function, and a destructor run
 * at script end. Values with destructors that call the API themselves are
 * pushed into channels, so the API is also called while channels, select
 * cases and coroutines release values. Optionally every channel is closed
 * first. A call that blocks is ended by a watchdog coroutine that throws
 * (the scheduler's abort), so a valid huge timeout costs nothing; a hooked
 * call whose every wait ends by itself gets a patient watchdog (0.5 s).
 *
 * Allowed outcomes: a return or a Throwable. Checked: every message is
 * non-empty; a TypeError or ValueError from a chan function names the argument
 * as "Name(): Argument #N ($name)" with N and $name those of a real parameter
 * of the function called; exception classes are PHP's own or chan's; return
 * values have the declared type (and go() >= 1, counts >= 0, count() <=
 * capacity, select() returns [key, value, bool] or null); tryPop() that
 * returns false leaves $value alone; a reference to a typed property never
 * ends up holding a value of another type, and a tryPop() that cannot store
 * into one leaves the value in the channel (no value accepted by push() is
 * lost); no coroutine is left after the scheduler is reset; every value made
 * for an iteration is destroyed once the iteration is over and
 * gc_collect_cycles() ran (no leak, no cycle the collector cannot see).
 * For PHP's hooked functions, instead of the naming rule: once no coroutine
 * is left, the call is made again by PHP's own function (chan.hooks=none,
 * main, on fresh resources of the same kinds and states, memoised), for
 * every call that threw a TypeError or ValueError (ArgumentCountError
 * included) and every call with a wrong or edge argument; where either threw
 * one, both must have thrown the same class with the same message (a hooked
 * call that returned, parked or failed otherwise where PHP rejects the
 * arguments is a finding; "Cannot assign ... to reference" errors, which
 * come after the call's work, are not compared). exec(), system(),
 * passthru() and shell_exec() of a command of COMMANDS that returned must
 * give PHP's own return value, references ($output, $result_code) and
 * printed output. proc_open(), popen() and stream_socket_accept() return
 * false or a resource of PHP's type. A hooked call whose waits all end by
 * themselves within ~10 ms must not be ended by the patient watchdog (a
 * hang). Results that depend on timing or process state are not compared.
 * Warnings and notices are allowed and counted.
 * Crashes and hangs are caught by args_fuzz.sh, which runs this in a child.
 *
 * Every iteration draws from its own generator seeded with (seed, iteration),
 * so `--seed=S --only=I` replays iteration I alone (and --iterations=I+1
 * replays everything up to it, when a failure needs the earlier state);
 * with the same extensions loaded (ext-sockets adds functions to draw).
 *
 * Last line: "args_fuzz: ok, ..." or "args_fuzz: FAIL, N findings, ..." (exit 1).
 * The fuzzer writes its own lines straight to STDOUT (past any output buffer
 * a system() or passthru() in flight holds).
 */

use Chan\{Channel, Coroutine, WaitGroup};
use function Chan\{go, run};

final class ArgsFuzzCancel extends Exception {}

enum ArgsFuzzEnum: int
{
    case One = 1;
}

enum ArgsFuzzUnit
{
    case A;
}

final class ArgsFuzzStringable
{
    public function __toString(): string
    {
        return '1';
    }
}

final class ArgsFuzzInvokable
{
    public function __invoke(mixed ...$args): int
    {
        return count($args);
    }

    public static function variadic(mixed ...$args): int
    {
        return count($args);
    }

    public function method(mixed ...$args): int
    {
        return count($args);
    }
}

final class ArgsFuzzTyped
{
    public int $int = 7;
    public ?Channel $chan = null;
    public float $float = 1.5;
    public readonly int $ro;

    public function __construct()
    {
        $this->ro = 1;
    }
}

function args_fuzz_noop(mixed ...$args): int
{
    return count($args);
}

/*
 * A value whose destructor calls the API (a few calls drawn when it was made):
 * pushed into channels, passed as arguments, held in cycles, so calls run
 * while the extension releases values.
 */
final class ArgsFuzzProbe
{
    /** probes made and not yet destroyed: each iteration must release all of its own */
    public static int $live = 0;
    public $self;
    /** @var list<ArgsFuzzCall> */
    public array $calls = [];

    public function __construct()
    {
        self::$live++;
    }

    public function __destruct()
    {
        self::$live--;
        $calls = $this->calls;
        $this->calls = [];
        ArgsFuzz::runNested($calls, 'probe destructor');
    }
}

/* Runs a closure from its destructor: the destructor contexts. */
final class ArgsFuzzDtor
{
    public $self;

    public function __construct(public ?Closure $fn)
    {
    }

    public function __destruct()
    {
        $fn = $this->fn;
        $this->fn = null;
        if ($fn) {
            $fn();
        }
    }
}

/* A value of a hooked call that cannot be made again for PHP's own call (a resource of unknown kind). */
final class ArgsFuzzNoTwin extends Exception {}

final class ArgsFuzzCall
{
    public string $target;      // label, e.g. Chan\Channel::push
    public string $kind;        // function | static | method | new | reconstruct | op
    public string $mode;        // how it is invoked
    public ?string $class = null;
    public string $name;
    public mixed $receiver = null;
    public string $receiverLabel = '';
    public array $args = [];
    public array $argLabels = [];
    public ?ReflectionFunctionAbstract $rf = null;
    /** a reference that tryPop() may write, with the value it held before */
    public bool $watchRef = false;
    public mixed $refBefore = null;
    public ?ArgsFuzzTyped $typed = null;
    /** may run without the watchdog in main (cannot wait on a timer), and was drawn to */
    public bool $unguardedOk = false;
    public bool $unguarded = false;

    /* PHP's own functions that chan hooks (kind "hooked") */
    /** an argument came from the pool or an edge list, or the shape is wrong: compared with PHP's own call */
    public bool $suspect = false;
    /** every wait of the call ends by itself within a few ms: a watchdog ending it is a finding */
    public bool $selfBound = false;
    /** the patient watchdog (0.5 s) instead of the quick one */
    public bool $patient = false;
    /** would park for good if chan ignored its own bound: runs only under a watchdog */
    public bool $needsGuard = false;
    /** exec(), system(), passthru(), shell_exec() of a fixed command: results compared with PHP's own */
    public bool $detResult = false;
    /** proc_open()/popen(): what is done with the process afterwards */
    public ?array $plan = null;
    /** arguments passed as references into typed properties: key => property */
    public array $typedProps = [];
    /** a second reference to each by-reference argument, so that no copy of the arguments drops it */
    public array $refHolder = [];
    /** what system() and passthru() printed, when nothing else printed meanwhile */
    public ?string $printed = null;
    public bool $printedOk = false;

    public function describe(): string
    {
        $args = [];
        foreach ($this->argLabels as $k => $l) {
            $args[] = is_string($k) ? "$k: $l" : $l;
        }
        $recv = $this->receiverLabel !== '' ? " on {$this->receiverLabel}" : '';
        return "{$this->target}(" . implode(', ', $args) . ") via {$this->mode}$recv";
    }
}

final class ArgsFuzz
{
    public static int $seed = 0;
    public static int $iteration = 0;
    public static string $context = '';
    public static bool $verbose = false;
    public static ?string $progress = null;
    public static int $batch = 12;
    public static int $findings = 0;
    public static array $seen = [];
    public static array $stats = ['calls' => 0, 'returned' => 0, 'threw' => 0, 'cancelled' => 0, 'warnings' => 0];
    public static array $thrownClasses = [];
    /** @var list<array{string,string,string,?ReflectionFunctionAbstract}> */
    public static array $targets = [];
    public static array $strict = [];
    public static int $depth = 0;
    /** iterations deferred to a shutdown function / to script end */
    public static array $atShutdown = [];
    public static array $atEnd = [];
    public static ?ArgsFuzzDtor $endHolder = null;
    public static bool $summaryDone = false;
    public static int $findingsAtSummary = 0;

    /* PHP's own functions that chan hooks */
    /** kind of each resource made for the hooked calls, by resource number (see makeRes()) */
    public static array $resKinds = [];
    /** kind of each ext-sockets Socket made for them */
    public static ?WeakMap $sockKinds = null;
    /** what the iteration made that is closed at its end (newest last) */
    public static array $cleanup = [];
    /** hooked calls to compare with PHP's own, once no coroutine is left */
    public static array $pending = [];
    /** PHP's own outcome (hooks off, no coroutine) by function, mode, arguments and their state */
    public static array $memo = [];
    /**
     * Under valgrind, whose --trace-children (run-tests -m) runs every child under it too, about a
     * second each: calls that start processes are drawn 8 times less often, PHP's own call is not
     * made again where that would start one, and no pty (valgrind complains about its ioctl).
     */
    public static bool $slow = false;
    /** a shared watchdog bounds the calls running now (concurrent coroutines) */
    public static bool $sharedWatch = false;
    /** output buffers started by system()/passthru() calls, and the level the script began at */
    public static int $captures = 0;
    public static int $capturing = 0;
    public static int $obBase = 0;
    public static array $hookStats = ['calls' => 0, 'compared' => 0, 'memo hits' => 0, 'no twin' => 0,
        'skipped unguarded' => 0, 'follow-ups' => 0];

    private const ALLOWED_CLASSES = [
        TypeError::class, ArgumentCountError::class, ValueError::class, Error::class,
        Chan\Error::class, Chan\DeadlockError::class, Chan\ClosedException::class,
        Chan\TimeoutException::class, Chan\CancelledException::class, ReflectionException::class,
        ArgsFuzzCancel::class,
    ];

    /* ------------------------------------------------------------------ */
    /* Targets                                                             */
    /* ------------------------------------------------------------------ */

    public static function init(): void
    {
        $ext = new ReflectionExtension('chan');
        foreach ($ext->getFunctions() as $f) {
            if ($f->getName() === 'Chan\signal') {
                // A number it accepts changes how the whole process and the
                // programs it starts take that signal (SIGPIPE caught, say,
                // is no longer ignored by an exec()'d child, which a later
                // call's child then dies of): tests/signal covers its arguments.
                continue;
            }
            self::$targets[] = ['function', '', $f->getName(), $f];
        }
        foreach ($ext->getClasses() as $c) {
            foreach ($c->getMethods() as $m) {
                if ($m->getDeclaringClass()->getName() !== $c->getName()) {
                    continue; // inherited from Error / Exception: PHP's own
                }
                if ($m->isConstructor()) {
                    self::$targets[] = ['new', $c->getName(), '__construct', $m];
                    if ($m->isPublic()) {
                        self::$targets[] = ['reconstruct', $c->getName(), '__construct', $m];
                    }
                } elseif ($m->isStatic()) {
                    self::$targets[] = ['static', $c->getName(), $m->getName(), $m];
                } else {
                    self::$targets[] = ['method', $c->getName(), $m->getName(), $m];
                }
            }
        }
        // Object handlers and engine operations on chan's objects.
        foreach (['clone', 'serialize', 'unserialize', 'newInstanceWithoutConstructor', 'propertyWrite',
                     'propertyRead', 'propertyUnset', 'cast', 'compare', 'foreachByRef', 'foreach',
                     'varExport', 'jsonEncode', 'closureBind'] as $op) {
            self::$targets[] = ['op', '', $op, null];
        }
        // PHP's own blocking functions that chan hooks (those PHP has: ext-sockets may be absent).
        foreach (self::HOOKED as $fn => $family) {
            if (function_exists($fn)) {
                self::$targets[] = ['hooked', '', $fn, new ReflectionFunction($fn)];
            }
        }
        self::$sockKinds = new WeakMap();
        self::$slow = str_contains((string) getenv('LD_PRELOAD'), 'vgpreload');
        $required = ['Chan\go', 'Chan\run', 'Chan\select', 'Chan\Coroutine::id', 'Chan\Coroutine::sleep',
            'Chan\Coroutine::yield', 'Chan\Coroutine::count', 'Chan\Coroutine::stats',
            'Chan\Channel::__construct', 'Chan\Channel::push', 'Chan\Channel::pop', 'Chan\Channel::tryPush',
            'Chan\Channel::tryPop', 'Chan\Channel::close', 'Chan\Channel::isClosed', 'Chan\Channel::isEmpty',
            'Chan\Channel::isFull', 'Chan\Channel::count', 'Chan\Channel::stats', 'Chan\Channel::getIterator',
            'Chan\ChannelIterator::current', 'Chan\ChannelIterator::next',
            'Chan\WaitGroup::__construct', 'Chan\WaitGroup::add', 'Chan\WaitGroup::done',
            'Chan\WaitGroup::wait', 'Chan\WaitGroup::count'];
        $have = [];
        foreach (self::$targets as [$kind, $class, $name]) {
            $have[$class === '' ? $name : "$class::$name"] = true;
        }
        foreach ($required as $r) {
            if (!isset($have[$r])) {
                self::finding("api", "$r is missing from the extension");
            }
        }
        self::$strict = eval('declare(strict_types=1); return [
            "function" => static function (string $f, array $a) { return $f(...$a); },
            "static" => static function (string $c, string $m, array $a) { return $c::$m(...$a); },
            "method" => static function (object $o, string $m, array $a) { return $o->$m(...$a); },
            "new" => static function (string $c, array $a) { return new $c(...$a); },
        ];');
    }

    /* ------------------------------------------------------------------ */
    /* Values                                                              */
    /* ------------------------------------------------------------------ */

    /**
     * Builds this iteration's values: [label => value] of wrong values, plus
     * receivers and callables.
     */
    public static function pool(Random\Randomizer $rng): array
    {
        $p = ['values' => [], 'channels' => [], 'waitgroups' => [], 'iterators' => [], 'callables' => [],
            'others' => [], 'resources' => [], 'probes' => []];

        // Receivers (and values too).
        $ch = [];
        $ch['unbuffered'] = new Channel();
        $ch['cap1'] = new Channel(1);
        $ch['cap3 mutex, 1 value'] = new Channel(3, true);
        $ch['cap3 mutex, 1 value']->push('v');
        $ch['full cap2'] = new Channel(2);
        $ch['full cap2']->push(1);
        $ch['full cap2']->push([2]);
        $ch['closed cap4 with 2 values'] = new Channel(4);
        $ch['closed cap4 with 2 values']->push('a');
        $ch['closed cap4 with 2 values']->push(new stdClass());
        $ch['closed cap4 with 2 values']->close();
        $ch['closed unbuffered'] = new Channel();
        $ch['closed unbuffered']->close();
        $ch['closed cap1 empty'] = new Channel(1, true);
        $ch['closed cap1 empty']->close();
        $re = new Channel(2);
        try {
            $re->__construct(-1);
        } catch (Throwable) {
        }
        $ch['re-constructed cap2'] = $re;
        $p['channels'] = $ch;

        $wg = [];
        $wg['wg0'] = new WaitGroup();
        $wg['wg2'] = new WaitGroup(2);
        $wg['wg max'] = new WaitGroup(PHP_INT_MAX);
        $p['waitgroups'] = $wg;

        foreach (['cap3 mutex, 1 value', 'closed cap4 with 2 values', 'unbuffered'] as $k) {
            $p['iterators']["iterator of $k"] = $ch[$k]->getIterator();
        }

        $v = [];
        $v['null'] = null;
        $v['true'] = true;
        $v['false'] = false;
        foreach ([0, 1, -1, 2, 7, -7, 64, PHP_INT_MAX, PHP_INT_MIN, -PHP_INT_MAX, 2 ** 24 + 1, 2 ** 31, -(2 ** 31),
                     2 ** 32, 2 ** 62] as $i) {
            $v["int $i"] = $i;
        }
        foreach (['0.0' => 0.0, '-0.0' => -0.0, '0.5' => 0.5, '-0.5' => -0.5, '1e-9' => 1e-9, '1e-300' => 1e-300,
                     'PHP_FLOAT_MIN' => PHP_FLOAT_MIN, 'PHP_FLOAT_EPSILON' => PHP_FLOAT_EPSILON, '1.5' => 1.5,
                     '-1.5' => -1.5, 'NAN' => NAN, '-NAN' => -NAN, 'INF' => INF, '-INF' => -INF,
                     '1e308' => 1e308, '-1e308' => -1e308, 'PHP_FLOAT_MAX' => PHP_FLOAT_MAX,
                     '2^63 float' => 9.2233720368547758E18, '-2^63 float' => -9.2233720368547758E18,
                     '1e19' => 1e19, '2^64 float' => 18446744073709551616.0, '-1e19' => -1e19,
                     '2^53+1 float' => 9007199254740993.0, '4294967296.5' => 4294967296.5,
                     '16777216.0' => 16777216.0, '-1e-320 (subnormal)' => -1e-320] as $l => $f) {
            $v["float $l"] = $f;
        }
        foreach (['', '0', '1', '-1', '2', '1.5', '-0.5', ' 1', '1 ', '1e3', '1e400', '-1e400', 'NAN', 'INF', '-INF',
                     '0x10', '0b11', '010', 'abc', "\0", "1\0", '9223372036854775807', '9223372036854775808',
                     '-9223372036854775809', '16777217', 'Chan\Channel', 'args_fuzz_noop', 'Chan\Coroutine::id',
                     'Chan\Coroutine::drain', 'ArgsFuzzInvokable::nope', '::'] as $s) {
            $v['string ' . json_encode($s)] = $s;
        }
        $v['string 400 nines'] = str_repeat('9', 400);
        $v['string 64 KiB'] = str_repeat('x', 65536);
        $v['string invalid UTF-8'] = "\xff\xfe\x80";
        $v['serialize payload Channel'] = 'O:12:"Chan\Channel":1:{s:8:"capacity";i:5;}';
        $v['serialize payload WaitGroup'] = 'O:14:"Chan\WaitGroup":0:{}';
        $v['serialize payload Coroutine'] = 'O:14:"Chan\Coroutine":0:{}';

        $v['array empty'] = [];
        $v['array [1]'] = [1];
        $v['array [null]'] = [null];
        $v['array [1,2,3]'] = [1, 2, 3];
        $v['array assoc'] = ['a' => 1, 'b' => 2];
        $v['array nested'] = [[[]], [[1]]];
        $v['array 1000 ints'] = range(1, 1000);
        $v['array negative keys'] = [-5 => 1, PHP_INT_MAX => 2, PHP_INT_MIN => 3];
        $rec = [1];
        $rec[] = &$rec;
        $v['array recursive by reference'] = $rec;
        $x = 5;
        $v['array with a reference'] = [&$x, 2];
        $v['array [Channel]'] = [$ch['cap1']];
        $v['array [Channel, value]'] = [$ch['cap1'], 1];
        $v['array [closed Channel, value]'] = [$ch['closed unbuffered'], 1];
        $v['array [Channel, v, extra]'] = [$ch['cap1'], 1, 2];
        $v['array [value, Channel]'] = [1, $ch['cap1']];
        $v['array reversed pair [1 => v, 0 => Channel]'] = [1 => 'v', 0 => $ch['cap1']];
        $v['array pair with string keys'] = ['c' => $ch['cap1'], 'v' => 1];
        $v['array [[Channel, v]]'] = [[$ch['cap1'], 1]];
        $v['array [WaitGroup, v]'] = [$wg['wg0'], 1];
        $v['array callable-looking [Invokable, method]'] = [new ArgsFuzzInvokable(), 'method'];
        $v['array [Invokable, nope]'] = [new ArgsFuzzInvokable(), 'nope'];
        $v['array [Channel, "nope"]'] = [$ch['cap1'], 'nope'];

        $v['stdClass'] = new stdClass();
        $v['object cast from array'] = (object) ['capacity' => 1];
        $v['ArrayObject'] = new ArrayObject([1, 2]);
        $v['ArrayIterator'] = new ArrayIterator([1]);
        $v['SplFixedArray'] = new SplFixedArray(2);
        $v['SplObjectStorage'] = new SplObjectStorage();
        $v['WeakMap'] = new WeakMap();
        $v['WeakReference to Channel'] = WeakReference::create($ch['cap1']);
        $v['DateTimeImmutable'] = new DateTimeImmutable('@0');
        $v['Exception'] = new Exception('x');
        $v['Chan\TimeoutException'] = new Chan\TimeoutException('t');
        $v['Chan\DeadlockError'] = new Chan\DeadlockError('d');
        $v['enum int case'] = ArgsFuzzEnum::One;
        $v['enum unit case'] = ArgsFuzzUnit::A;
        $v['Stringable'] = new ArgsFuzzStringable();
        $v['invokable object'] = new ArgsFuzzInvokable();
        $v['generator'] = (static function () {
            yield 1;
        })();
        $v['unstarted Fiber'] = new Fiber(static fn() => null);
        $v['typed-property holder'] = new ArgsFuzzTyped();
        $v['closure'] = static fn(mixed ...$a) => count($a);
        $v['first-class callable'] = args_fuzz_noop(...);
        $v['closure bound to Channel'] = Closure::bind(static fn() => 1, null, Channel::class);

        // Objects PHP may refuse to make: keep whatever it does make.
        foreach ([Channel::class, WaitGroup::class, Coroutine::class] as $cls) {
            try {
                $o = (new ReflectionClass($cls))->newInstanceWithoutConstructor();
                $v["$cls without constructor"] = $o;
                $p['others']["$cls without constructor"] = $o;
            } catch (Throwable) {
            }
            foreach (['O:' . strlen($cls) . ':"' . $cls . '":0:{}',
                         'O:' . strlen($cls) . ':"' . $cls . '":1:{s:8:"capacity";i:-5;}'] as $payload) {
                try {
                    $o = @unserialize($payload);
                    if (is_object($o)) {
                        $v["$cls from unserialize"] = $o;
                        $p['others']["$cls from unserialize"] = $o;
                    }
                } catch (Throwable) {
                }
                $o = @unserialize($payload, ['allowed_classes' => false]);
                if (is_object($o)) {
                    $v["$cls as __PHP_Incomplete_Class"] = $o;
                }
            }
        }
        foreach (['Channel' => $ch['cap1'], 'WaitGroup' => $wg['wg0']] as $l => $o) {
            try {
                $c = clone $o;
                $v["clone of $l"] = $c;
                $p['others']["clone of $l"] = $c;
            } catch (Throwable) {
            }
        }
        $v['unserialize round trip'] = unserialize(serialize([1, 2.5, 'x', [null]]));

        foreach ($ch as $l => $o) {
            $v["Channel $l"] = $o;
        }
        foreach ($wg as $l => $o) {
            $v["WaitGroup $l"] = $o;
        }

        $mem = fopen('php://memory', 'r+');
        $v['stream resource'] = $mem;
        $closed = fopen('php://memory', 'r');
        fclose($closed);
        $v['closed resource'] = $closed;
        $v['stream context resource'] = stream_context_create();
        $pair = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        if ($pair) {
            fclose($pair[1]);
            $v['socket with closed peer'] = $pair[0];
            $p['resources'][] = $pair[0];
            stream_set_timeout($pair[0], 0, self::SOCK_TIMEOUT_US);
            self::$resKinds[(int) $pair[0]] = 'sock-eof';
        }
        $p['resources'][] = $mem;
        self::$resKinds[(int) $mem] = 'memory';
        self::$resKinds[(int) $closed] = 'closed';
        self::$resKinds[(int) $v['stream context resource']] = 'context';
        // For PHP's hooked functions (and as wrong values for the rest): sockets whose every wait is
        // bounded by itself (a timeout of a few ms, or never blocking), shared by the iteration's calls.
        $sp = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        if ($sp) {
            foreach (['A', 'B'] as $k => $end) {
                stream_set_timeout($sp[$k], 0, self::SOCK_TIMEOUT_US);
                self::$resKinds[(int) $sp[$k]] = 'sock';
                $v["socket pair end $end"] = $sp[$k];
                $p['resources'][] = $sp[$k];
            }
        }
        foreach (['sock-nb' => 'non-blocking socket', 'server' => 'listening tcp server (127.0.0.1)',
                     'Socket' => 'ext-sockets Socket', 'Socket-dgram' => 'ext-sockets datagram Socket',
                     'Socket-nb' => 'ext-sockets non-blocking Socket',
                     'Socket-closed' => 'ext-sockets closed Socket'] as $kind => $l) {
            $r = self::makeRes($kind);
            if ($r !== null) {
                $v[$l] = $r;
            }
        }

        // Values whose destructors call the API; some in cycles.
        for ($i = 0; $i < 2; $i++) {
            $probe = new ArgsFuzzProbe();
            $p['probes'][] = $probe;
            $v["probe $i"] = $probe;
        }
        $cyc = new ArgsFuzzProbe();
        $cyc->self = [$cyc, $ch['cap1']];
        $p['probes'][] = $cyc;
        $v['probe in a cycle'] = $cyc;

        // Callables that never throw (they run as coroutines; an exception
        // escaping one would abort the scheduler).
        $pc = [];
        $pc['closure'] = static fn(mixed ...$a) => count($a);
        $pc['closure that yields'] = static function (mixed ...$a) {
            Coroutine::yield();
            return $a;
        };
        $pc['closure that tries the channels'] = static function () use ($ch) {
            foreach ($ch as $c) {
                try {
                    $c->tryPush(1);
                    $c->tryPop($x);
                } catch (Throwable) {
                }
            }
        };
        $pc['string function'] = 'args_fuzz_noop';
        $pc['static method string'] = 'ArgsFuzzInvokable::variadic';
        $pc['array callable'] = [new ArgsFuzzInvokable(), 'method'];
        $pc['invokable object'] = new ArgsFuzzInvokable();
        $pc['first-class callable'] = args_fuzz_noop(...);
        $pc['Closure::fromCallable'] = Closure::fromCallable('args_fuzz_noop');
        $p['callables'] = $pc;

        $p['values'] = $v;
        return $p;
    }

    /* ------------------------------------------------------------------ */
    /* Calls                                                               */
    /* ------------------------------------------------------------------ */

    private static function pick(Random\Randomizer $rng, array $a): mixed
    {
        $keys = array_keys($a);
        $k = $keys[$rng->getInt(0, count($keys) - 1)];
        return [$k, $a[$k]];
    }

    private static function chance(Random\Randomizer $rng, int $percent): bool
    {
        return $rng->getInt(1, 100) <= $percent;
    }

    /** A wrong (or any) value from the pool: [label, value]. */
    private static function anyValue(Random\Randomizer $rng, array $pool): array
    {
        return self::pick($rng, $pool['values']);
    }

    /** A value that fits the parameter, so the call gets past parsing. */
    private static function saneValue(Random\Randomizer $rng, array $pool, ReflectionParameter $param): array
    {
        $t = $param->getType();
        $name = $t instanceof ReflectionNamedType ? $t->getName() : 'mixed';
        switch ($name) {
            case 'int':
                return self::pick($rng, ['int 0' => 0, 'int 1' => 1, 'int 2' => 2, 'int 5' => 5]);
            case 'float':
                if ($t->allowsNull() && self::chance($rng, 20)) {
                    return ['null', null];
                }
                return self::pick($rng, ['float 0.0' => 0.0, 'float 0.0001' => 0.0001, 'float 0.002' => 0.002,
                    'int 0' => 0]);
            case 'bool':
                return self::pick($rng, ['true' => true, 'false' => false]);
            case 'callable':
                [$l, $c] = self::pick($rng, $pool['callables']);
                return ["callable $l", $c];
            case 'array':
                return self::cases($rng, $pool);
            default:
                return self::anyValue($rng, $pool);
        }
    }

    /** A select() case list: mostly well-formed, with wrong cases mixed in. */
    private static function cases(Random\Randomizer $rng, array $pool): array
    {
        $cases = [];
        $labels = [];
        $n = $rng->getInt(0, 4);
        for ($i = 0; $i < $n; $i++) {
            $key = self::pick($rng, [0 => 0, 1 => 1, 'neg' => -3, 'max' => PHP_INT_MAX, 's' => 'k',
                'empty' => '', 'numeric' => '5'])[1];
            [$cl, $c] = self::pick($rng, $pool['channels']);
            switch ($rng->getInt(0, 9)) {
                case 0: case 1: case 2:
                    $cases[$key] = $c;
                    $labels[] = "$key => recv $cl";
                    break;
                case 3: case 4: case 5:
                    [$vl, $val] = self::anyValue($rng, $pool);
                    $cases[$key] = [$c, $val];
                    $labels[] = "$key => send $vl on $cl";
                    break;
                case 6:
                    $ref = $c;
                    $cases[$key] = &$ref;
                    unset($ref);
                    $labels[] = "$key => &recv $cl";
                    break;
                default:
                    [$vl, $val] = self::anyValue($rng, $pool);
                    $cases[$key] = $val;
                    $labels[] = "$key => $vl";
            }
        }
        return ['cases [' . implode('; ', $labels) . ']', $cases];
    }

    /** Draws one call: target, invocation mode, receiver and arguments. */
    public static function makeCall(Random\Randomizer $rng, array $pool): ArgsFuzzCall
    {
        [, [$kind, $class, $name, $rf]] = self::pick($rng, self::$targets);
        for ($k = 0; self::$slow && $k < 3 && $kind === 'hooked' && self::HOOKED[$name] === 'process'
            && !self::chance($rng, 12); $k++) {
            [, [$kind, $class, $name, $rf]] = self::pick($rng, self::$targets);
        }
        $c = new ArgsFuzzCall();
        $c->kind = $kind;
        $c->class = $class;
        $c->name = $name;
        $c->rf = $rf;
        $c->target = $class === '' ? $name : "$class::$name";

        if ($kind === 'op') {
            self::makeOp($rng, $pool, $c);
            return $c;
        }
        if ($kind === 'hooked') {
            self::makeHookedCall($rng, $pool, $c);
            return $c;
        }

        // Receiver.
        if ($kind === 'method' || $kind === 'reconstruct') {
            $own = match ($class) {
                Channel::class => $pool['channels'],
                WaitGroup::class => $pool['waitgroups'],
                Chan\ChannelIterator::class => $pool['iterators'],
                default => [],
            };
            if ($own && !self::chance($rng, 8)) {
                [$c->receiverLabel, $c->receiver] = self::pick($rng, $own);
            } else {
                // The wrong class, or nothing: only reflection can try that.
                [$c->receiverLabel, $c->receiver] = self::pick($rng, ['null' => null] + $pool['channels']
                    + $pool['waitgroups'] + $pool['others'] + ['stdClass' => new stdClass()]);
                $c->mode = 'reflection';
            }
        }

        // Arguments.
        $params = $rf->getParameters();
        $n = count($params);
        $shape = $rng->getInt(0, 99);
        if ($shape < 8) {
            $count = $rng->getInt(0, max(0, $n - 1));           // too few
        } elseif ($shape < 16) {
            $count = $n + $rng->getInt(1, 3);                   // too many
        } else {
            $count = $n;
        }
        if ($n > 0 && $params[$n - 1]->isVariadic() && $shape >= 16) {
            $count = $n - 1 + $rng->getInt(0, 3);
        }
        $named = $shape >= 90;
        for ($i = 0; $i < $count; $i++) {
            $param = $params[min($i, $n - 1)] ?? null;
            if ($param && !$param->isVariadic() && !self::chance($rng, 55)) {
                [$label, $value] = self::saneValue($rng, $pool, $param);
            } else {
                [$label, $value] = self::anyValue($rng, $pool);
            }
            $key = $i;
            if ($named) {
                if ($param && $i < $n && !$param->isVariadic()) {
                    $key = $param->getName();
                } else {
                    $key = self::pick($rng, ['x' => 'x', 'timeout' => 'timeout', 'fn' => 'fn', 'args' => 'args',
                        'value' => 'value', 'capacity' => 'capacity'])[1];
                }
            }
            if ($param && $param->isPassedByReference() && self::chance($rng, 40)) {
                // A reference into a typed property: writing a value of another type must fail.
                $typed = new ArgsFuzzTyped();
                $c->typed = $typed;
                $prop = self::pick($rng, ['int' => 'int', 'chan' => 'chan', 'float' => 'float', 'ro' => 'ro'])[1];
                try {
                    $c->args[$key] = &$typed->$prop;
                    $label = "&typed property $prop";
                } catch (Error) {
                    $c->args[$key] = $value;
                }
            } elseif (self::chance($rng, 12) || ($param && $param->isPassedByReference())) {
                $box = $value;
                $c->args[$key] = &$box;
                unset($box);
                $label = "&$label";
            } else {
                $c->args[$key] = $value;
            }
            $c->argLabels[$key] = $label;
            if ($param && $param->isPassedByReference() && $i === 0) {
                $c->watchRef = true;
                $c->refBefore = $c->args[$key];
            }
        }
        if ($named && $count > 0 && self::chance($rng, 30)) {
            // Positional first, then the same parameter by name: PHP's own Error.
            $first = array_key_first($c->args);
            if (is_string($first)) {
                $c->args = [0 => $c->args[$first]] + $c->args;
                $c->argLabels = [0 => $c->argLabels[$first]] + $c->argLabels;
            }
        }

        $modes = match ($kind) {
            'function' => ['direct', 'strict', 'call_user_func_array', 'reflection', 'first-class callable'],
            'static' => ['direct', 'strict', 'call_user_func_array', 'reflection', 'on an instance'],
            'method' => ['direct', 'strict', 'call_user_func_array', 'reflection', 'Closure::fromCallable'],
            'new' => ['new', 'strict new', 'newInstanceArgs'],
            'reconstruct' => ['direct', 'strict', 'reflection'],
        };
        $c->mode ??= $modes[$rng->getInt(0, count($modes) - 1)];
        if ($rf instanceof ReflectionMethod && !$rf->isPublic()) {
            $c->mode = 'reflection';
        }
        if ($c->mode === 'on an instance' && !isset($pool['others'][Coroutine::class . ' without constructor'])) {
            $c->mode = 'direct';
        }
        // Without a timeout argument these can only wait for another coroutine, which none
        // will be: main's call then ends with Chan\DeadlockError instead of the watchdog.
        $noTimer = ['Chan\Channel::push' => 1, 'Chan\Channel::pop' => 0, 'Chan\WaitGroup::wait' => 0,
            'Chan\select' => 1, 'Chan\ChannelIterator::current' => 0, 'Chan\ChannelIterator::key' => 0,
            'Chan\ChannelIterator::next' => 0, 'Chan\ChannelIterator::valid' => 0, 'Chan\ChannelIterator::rewind' => 0];
        if (isset($noTimer[$c->target]) && count($c->args) <= $noTimer[$c->target]) {
            $c->unguardedOk = true;
            $c->unguarded = self::chance($rng, 40);
        }
        if ($c->mode === 'on an instance') {
            $c->receiver = $pool['others'][Coroutine::class . ' without constructor'];
            $c->receiverLabel = 'Coroutine made without constructor';
        }
        return $c;
    }

    private static function makeOp(Random\Randomizer $rng, array $pool, ArgsFuzzCall $c): void
    {
        $objects = $pool['channels'] + $pool['waitgroups'] + $pool['iterators'] + $pool['others'];
        [$c->receiverLabel, $c->receiver] = self::pick($rng, $objects);
        $c->mode = 'operation';
        [$c->argLabels[0], $c->args[0]] = self::anyValue($rng, $pool);
    }

    /* ------------------------------------------------------------------ */
    /* PHP's own blocking functions, hooked by chan                        */
    /* ------------------------------------------------------------------ */

    /** PHP's functions that chan hooks, with their family (Chan\hooks(); ext-sockets' are "stream"). */
    public const HOOKED = [
        'sleep' => 'sleep', 'usleep' => 'sleep', 'time_nanosleep' => 'sleep', 'time_sleep_until' => 'sleep',
        'fread' => 'stream', 'fwrite' => 'stream', 'fgets' => 'stream', 'stream_socket_accept' => 'stream',
        'stream_socket_recvfrom' => 'stream', 'stream_socket_sendto' => 'stream', 'stream_select' => 'stream',
        'socket_read' => 'stream', 'socket_recv' => 'stream', 'socket_recvfrom' => 'stream',
        'socket_write' => 'stream', 'socket_send' => 'stream', 'socket_sendto' => 'stream',
        'socket_accept' => 'stream',
        'proc_open' => 'process', 'proc_close' => 'process', 'popen' => 'process', 'pclose' => 'process',
        'exec' => 'process', 'system' => 'process', 'passthru' => 'process', 'shell_exec' => 'process',
    ];

    /** Stream timeouts, SO_RCVTIMEO and SO_SNDTIMEO of the sockets made here (µs). */
    private const SOCK_TIMEOUT_US = 2000;
    /** How long the patient watchdog waits for a call whose every wait ends by itself within ~10 ms. */
    private const PATIENCE = 0.5;
    private const PATIENT_MSG = 'watchdog: the call was still parked after its own bound';

    /**
     * The only commands that may reach a shell (exec(), system(), passthru(), shell_exec(), backticks,
     * popen(), proc_open()); never a string of the pool. Flags: o = writes to its standard output,
     * i = reads its standard input until its end (given only a pipe the caller closes first,
     * /dev/null or a socket at end of file), B = writes more than a pipe holds. Each ends within
     * ~10 ms of its input ending, and what writes says nothing on standard error (2>/dev/null), so
     * that nothing reaches the fuzzer's own output even when its pipe is closed under it.
     */
    private const COMMANDS = [
        'true' => '', 'false' => '', 'exit 3' => '', ' ' => '', '' => '', "true\0x" => '',
        'kill -9 $$' => '', 'sleep 0.01' => '', 'cat </dev/null' => '',
        'printf x 2>/dev/null' => 'o',
        "printf 'a\\nb\\n\\n  ' 2>/dev/null" => 'o',
        "printf 'a\\0b\\nc\\r\\n \\t' 2>/dev/null" => 'o',
        'echo a 2>/dev/null; echo b 2>/dev/null' => 'o',
        'sleep 0.01; echo y 2>/dev/null' => 'o',
        'printf x 2>/dev/null; exec >&-; sleep 0.01' => 'o',
        'sleep 0.01 & echo z 2>/dev/null' => 'o',
        "head -c 5000 /dev/zero 2>/dev/null | tr '\\0' y 2>/dev/null" => 'o',
        "head -c 70000 /dev/zero 2>/dev/null | tr '\\0' x 2>/dev/null" => 'oB',
        'seq 1 3000 2>/dev/null' => 'o',
        'cat 2>/dev/null' => 'io',
        'head -c 3 2>/dev/null' => 'io',
        'cat >/dev/null 2>&1' => 'i',
    ];

    /**
     * Array commands: proc_open() runs them without a shell (the others reject an array). E = may
     * write to standard error (a program's own complaint when its output is closed).
     */
    private static function arrayCommands(): array
    {
        return [
            "['true']" => [['true'], ''], "['false']" => [['false'], ''],
            "['printf', '%s', 'a']" => [['printf', '%s', 'a'], 'oE'],
            "['sh', '-c', 'exit 3']" => [['sh', '-c', 'exit 3'], ''],
            "['/nonexistent/chan-fuzz']" => [['/nonexistent/chan-fuzz'], ''],
            '[] (no element)' => [[], ''], "['true', \"a\\0\"]" => [['true', "a\0"], ''],
            "['true', 1, 1.5, true]" => [['true', 1, 1.5, true], ''], "['true', ['x']]" => [['true', ['x']], ''],
            "['cat']" => [['cat'], 'ioE'],
        ];
    }

    /** No string anywhere in $v (arrays looked into): the pool value may stand for a command. */
    private static function noStrings(mixed $v, int $depth = 0): bool
    {
        if (is_string($v)) {
            return false;
        }
        if (!is_array($v)) {
            return true;
        }
        if ($depth > 2) {
            return false;
        }
        foreach ($v as $x) {
            if (!self::noStrings($x, $depth + 1)) {
                return false;
            }
        }
        return true;
    }

    /** What PHP's coercive parsing makes of $v for an int parameter; null where it throws a TypeError. */
    private static function asLong(mixed $v): ?int
    {
        if (is_int($v)) {
            return $v;
        }
        if (is_bool($v) || $v === null) {
            return (int) $v;
        }
        if (is_string($v)) {
            if (!is_numeric($v)) {
                return null;
            }
            $v = $v + 0;
            if (is_int($v)) {
                return $v;
            }
        }
        if (is_float($v)) {
            if (!is_finite($v) || $v >= 9.2233720368547758E18 || $v < -9.2233720368547758E18) {
                return null;
            }
            return (int) $v;
        }
        return null;
    }

    /** The same for a float parameter (NAN and INF pass). */
    private static function asDouble(mixed $v): ?float
    {
        if (is_int($v) || is_float($v) || is_bool($v) || $v === null) {
            return (float) $v;
        }
        if (is_string($v) && is_numeric($v)) {
            return (float) $v;
        }
        return null;
    }

    /**
     * [label, value] for a parameter: from $sane (PHP accepts it), from $edge (wrong or at a limit),
     * or a value of the pool that $ok accepts (no wait longer than a few ms, no fatal error).
     */
    private static function dom(Random\Randomizer $rng, array $pool, stdClass $ctx, array $sane, array $edge,
        ?Closure $ok, int $pSane = 60): array
    {
        $r = $rng->getInt(1, 100);
        if ($r <= $pSane) {
            return self::pick($rng, $sane);
        }
        $ctx->wrong = true;
        if ($ok !== null && $r > 100 - (100 - $pSane) * 2 / 5) {
            for ($k = 0; $k < 4; $k++) {
                [$l, $v] = self::anyValue($rng, $pool);
                if ($ok($v)) {
                    return [$l, $v];
                }
            }
        }
        return self::pick($rng, $edge ?: $sane);
    }

    private static function isRes(mixed $v): bool
    {
        return is_resource($v) || gettype($v) === 'resource (closed)';
    }

    /** The kind of a resource or Socket (makeRes()), 'closed', or '?' when not made here. */
    private static function kindOf(mixed $v): string
    {
        if ($v instanceof Socket) {
            return self::socketClosed($v) ? 'Socket-closed' : (self::$sockKinds[$v] ?? '?');
        }
        if (!is_resource($v)) {
            return 'closed';
        }
        return self::$resKinds[(int) $v] ?? '?';
    }

    private static function socketClosed(Socket $s): bool
    {
        try {
            @socket_get_option($s, SOL_SOCKET, SO_TYPE);
            return false;
        } catch (Error) {
            return true;
        }
    }

    private static function sockTimeouts(Socket $s): void
    {
        foreach ([SO_RCVTIMEO, SO_SNDTIMEO] as $opt) {
            @socket_set_option($s, SOL_SOCKET, $opt, ['sec' => 0, 'usec' => self::SOCK_TIMEOUT_US]);
        }
    }

    /**
     * A fresh resource (or ext-sockets Socket) of a kind; null if it cannot be made. Registered by
     * kind (the calls that take it, and its twin for PHP's own call) and closed at the end of the
     * iteration. Every wait on one ends by itself: timeouts of 2 ms, data or end of file there, a
     * pending connection, a child that ends within ~10 ms.
     */
    public static function makeRes(string $kind): mixed
    {
        $r = null;
        $sockets = function_exists('socket_create_pair');
        switch ($kind) {
            case 'sock':
            case 'sock-room':
            case 'sock-nb':
            case 'sock-eof':
            case 'sock-data':
                $pair = @stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
                if (!$pair) {
                    return null;
                }
                foreach ($pair as $s) {
                    stream_set_timeout($s, 0, self::SOCK_TIMEOUT_US);
                }
                [$r, $peer] = $pair;
                if ($kind === 'sock-nb') {
                    stream_set_blocking($r, false);
                }
                if ($kind === 'sock-data') {
                    fwrite($peer, "hello\nworld\n");
                }
                if ($kind === 'sock-eof' || $kind === 'sock-data') {
                    fclose($peer);
                } else {
                    self::$resKinds[(int) $peer] = 'sock';
                    self::$cleanup[] = $peer;
                }
                break;
            case 'server':
            case 'server-pending':
                $r = @stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
                if (!$r) {
                    return null;
                }
                if ($kind === 'server-pending') {
                    $cl = @stream_socket_client('tcp://' . stream_socket_get_name($r, false), $errno, $errstr, 1.0);
                    if ($cl) {
                        self::$cleanup[] = $cl;
                    }
                }
                break;
            case 'udp':
                $srv = @stream_socket_server('udp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND);
                if (!$srv) {
                    return null;
                }
                self::$cleanup[] = $srv;
                $r = @stream_socket_client('udp://' . stream_socket_get_name($srv, false), $errno, $errstr, 1.0);
                break;
            case 'memory':
                $r = fopen('php://memory', 'r+');
                fwrite($r, "abc\ndef");
                rewind($r);
                break;
            case 'file':
                $r = fopen('/dev/null', 'r+');
                break;
            case 'context':
                $r = stream_context_create();
                break;
            case 'closed':
                $r = fopen('php://memory', 'r');
                fclose($r);
                break;
            case 'pipe-r':
                $r = @popen('sleep 0.01; echo y 2>/dev/null', 'r');
                break;
            case 'pipe-r-quick':
                $r = @popen('printf x 2>/dev/null', 'r');
                break;
            case 'pipe-w':
                $r = @popen('sleep 0.01', 'w');
                break;
            case 'process':
            case 'proc-in':
            case 'proc-out':
                $proc = @proc_open('printf x 2>/dev/null; sleep 0.01',
                    [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
                if (!$proc) {
                    return null;
                }
                self::$resKinds[(int) $proc] = 'process';
                self::$cleanup[] = $proc;
                foreach ($pipes as $fd => $p) {
                    self::$resKinds[(int) $p] = $fd === 0 ? 'proc-in' : 'proc-out';
                    self::$cleanup[] = $p;
                }
                return match ($kind) { 'proc-in' => $pipes[0], 'proc-out' => $pipes[1], default => $proc };
            case 'Socket':
            case 'Socket-nb':
            case 'Socket-data':
            case 'Socket-dgram':
            case 'Socket-closed':
                if (!$sockets || !@socket_create_pair(AF_UNIX, $kind === 'Socket-dgram' ? SOCK_DGRAM : SOCK_STREAM, 0,
                        $sp)) {
                    return null;
                }
                foreach ($sp as $s) {
                    self::sockTimeouts($s);
                }
                [$r, $peer] = $sp;
                if ($kind === 'Socket-nb') {
                    socket_set_nonblock($r);
                }
                if ($kind === 'Socket-data') {
                    @socket_write($peer, "hello\nworld\n");
                }
                if ($kind === 'Socket-data' || $kind === 'Socket-closed') {
                    socket_close($peer);
                } else {
                    self::$sockKinds[$peer] = $kind === 'Socket-dgram' ? 'Socket-dgram' : 'Socket';
                    self::$cleanup[] = $peer;
                }
                if ($kind === 'Socket-closed') {
                    socket_close($r);
                }
                break;
            case 'Socket-listen':
            case 'Socket-listen-empty':
                if (!$sockets || !($r = @socket_create(AF_INET, SOCK_STREAM, SOL_TCP))) {
                    return null;
                }
                if (!@socket_bind($r, '127.0.0.1', 0) || !@socket_listen($r)) {
                    socket_close($r);
                    return null;
                }
                self::sockTimeouts($r);
                if ($kind === 'Socket-listen') {
                    socket_getsockname($r, $addr, $port);
                    $cl = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
                    @socket_connect($cl, '127.0.0.1', $port);
                    self::$cleanup[] = $cl;
                }
                break;
            case 'Socket-udp':
                if (!$sockets || !($r = @socket_create(AF_INET, SOCK_DGRAM, SOL_UDP))) {
                    return null;
                }
                @socket_bind($r, '127.0.0.1', 0);
                self::sockTimeouts($r);
                break;
        }
        if ($r === null || $r === false) {
            return null;
        }
        if ($r instanceof Socket) {
            self::$sockKinds[$r] = $kind;
        } else {
            self::$resKinds[(int) $r] = $kind;
        }
        self::$cleanup[] = $r;
        return $r;
    }

    /** A resource of the pool by label, or a fresh one of a kind. */
    private static function resArg(array $pool, string $label, string $kind): array
    {
        if ($kind === 'shared') {
            return array_key_exists($label, $pool['values']) ? [$label, $pool['values'][$label]]
                : ["$label (missing: null)", null];
        }
        $r = self::makeRes($kind);
        return $r === null ? ["$label (could not be made: null)", null] : [$label, $r];
    }

    private const PIPE_KINDS = ['pipe-r', 'pipe-r-quick', 'pipe-w', 'proc-in', 'proc-out'];

    /** A stream for a hooked stream function, by use; each wait on it is bounded (see makeRes()). */
    private static function streamArg(Random\Randomizer $rng, array $pool, stdClass $ctx, string $use): array
    {
        [$choices, $expected] = match ($use) {
            'read', 'write' => [[
                'socket pair end A' => 'shared', 'socket pair end B' => 'shared', 'socket with closed peer' => 'shared',
                'non-blocking socket' => 'shared', 'fresh socket with data, peer closed' => 'sock-data',
                'fresh pipe of popen("sleep 0.01; echo y", "r")' => 'pipe-r',
                'fresh pipe of popen("printf x", "r")' => 'pipe-r-quick',
                'fresh pipe of popen("sleep 0.01", "w")' => 'pipe-w',
                'fresh proc_open() stdout pipe' => 'proc-out', 'fresh proc_open() stdin pipe' => 'proc-in',
                'stream resource' => 'shared', 'fresh /dev/null' => 'file', 'closed resource' => 'shared',
                'stream context resource' => 'shared', 'listening tcp server (127.0.0.1)' => 'shared',
            ], ['sock', 'sock-eof', 'sock-nb', 'sock-data', 'pipe-r', 'pipe-r-quick', 'pipe-w', 'proc-in', 'proc-out']],
            'recvfrom' => [[
                'fresh socket with data, peer closed' => 'sock-data', 'socket with closed peer' => 'shared',
                'non-blocking socket' => 'shared', 'listening tcp server (127.0.0.1)' => 'shared',
                'stream resource' => 'shared', 'closed resource' => 'shared', 'fresh /dev/null' => 'file',
            ], ['sock-data', 'sock-eof', 'sock-nb']],
            'sendto' => [[
                'fresh socket pair end' => 'sock-room', 'fresh udp socket to 127.0.0.1' => 'udp',
                'socket with closed peer' => 'shared', 'non-blocking socket' => 'shared',
                'listening tcp server (127.0.0.1)' => 'shared', 'stream resource' => 'shared',
                'closed resource' => 'shared',
            ], ['sock-room', 'udp', 'sock-nb']],
            'accept' => [[
                'listening tcp server (127.0.0.1)' => 'shared',
                'fresh tcp server with a pending connection' => 'server-pending', 'socket pair end A' => 'shared',
                'socket with closed peer' => 'shared', 'stream resource' => 'shared', 'closed resource' => 'shared',
            ], ['server', 'server-pending']],
        };
        if (self::$slow) {
            $choices = array_filter($choices, static fn($k) => !in_array($k, self::PIPE_KINDS, true));
        }
        if (self::chance($rng, 12)) {
            // A value of the pool; of its resources only those no call can wait on for good here
            // (PHP's own stream_socket_recvfrom()/sendto() ignore the stream's timeout).
            $safe = ['sock-eof', 'sock-nb', 'server', 'memory', 'closed', 'context', 'file'];
            for ($k = 0; $k < 4; $k++) {
                [$l, $v] = self::anyValue($rng, $pool);
                if (!in_array($use, ['recvfrom', 'sendto'], true) || !self::isRes($v)
                    || in_array(self::kindOf($v), $safe, true)) {
                    $ctx->wrong = true;
                    return [$l, $v];
                }
            }
        }
        [$l, $kind] = self::pick($rng, $choices);
        [$l, $v] = self::resArg($pool, $l, $kind);
        if (!self::isRes($v) || !in_array(self::kindOf($v), $expected, true)) {
            $ctx->wrong = true;
        }
        if (self::isRes($v) && in_array(self::kindOf($v), self::PIPE_KINDS, true)) {
            $ctx->pipe = true;
        }
        return [$l, $v];
    }

    /** An ext-sockets Socket for a hooked socket_*() function, by use. */
    private static function socketArg(Random\Randomizer $rng, array $pool, stdClass $ctx, string $use): array
    {
        $choices = ['ext-sockets Socket' => 'shared', 'ext-sockets datagram Socket' => 'shared',
            'ext-sockets non-blocking Socket' => 'shared', 'ext-sockets closed Socket' => 'shared'];
        if ($use === 'recv') {
            $choices += ['fresh Socket with data, peer closed' => 'Socket-data',
                'fresh Socket with data, peer closed ' => 'Socket-data',
                'fresh listening Socket (127.0.0.1)' => 'Socket-listen'];
        } elseif ($use === 'send') {
            $choices += ['fresh Socket pair end' => 'Socket'];
        } elseif ($use === 'sendto') {
            $choices += ['fresh Socket pair end' => 'Socket', 'fresh UDP Socket on 127.0.0.1' => 'Socket-udp',
                'fresh UDP Socket on 127.0.0.1 ' => 'Socket-udp'];
        } elseif ($use === 'accept') {
            $choices = ['fresh listening Socket with a pending connection' => 'Socket-listen',
                'fresh listening Socket with a pending connection ' => 'Socket-listen',
                'fresh listening Socket, no connection, 2 ms SO_RCVTIMEO' => 'Socket-listen-empty',
                'ext-sockets Socket' => 'shared', 'ext-sockets closed Socket' => 'shared'];
        }
        if (self::chance($rng, 10)) {
            $ctx->wrong = true;
            return self::anyValue($rng, $pool); // the pool's Sockets all have their timeouts
        }
        [$l, $kind] = self::pick($rng, $choices);
        $res = self::resArg($pool, trim($l), $kind);
        if (!$res[1] instanceof Socket || in_array($kind, ['Socket-listen-empty'], true)
            || in_array($res[0], ['ext-sockets closed Socket', 'ext-sockets non-blocking Socket'], true)) {
            $ctx->wrong = true;
        }
        if ($kind === 'Socket-listen-empty') {
            $ctx->needsGuard = true;
        }
        return $res;
    }

    /** A length PHP allocates a buffer of: at most 1 MiB (more is a fatal error, not an exception). */
    private static function lengthArg(Random\Randomizer $rng, array $pool, stdClass $ctx, bool $nullable = false): array
    {
        $sane = ['int 1' => 1, 'int 5' => 5, 'int 8192' => 8192];
        if ($nullable) {
            $sane['null'] = null;
        }
        return self::dom($rng, $pool, $ctx, $sane, ['int 0' => 0, 'int -1' => -1, 'PHP_INT_MIN' => PHP_INT_MIN,
            'int 2**20' => 1 << 20, 'string "5"' => '5', 'float 5.5' => 5.5, 'true' => true, 'null' => null,
            'string "x"' => 'x', 'array [1]' => [1]],
            static fn($x) => ($l = self::asLong($x)) === null || $l <= (1 << 20));
    }

    private static function dataArg(Random\Randomizer $rng, array $pool, stdClass $ctx): array
    {
        return self::dom($rng, $pool, $ctx, ['string "x"' => 'x', 'string "a\nb\n"' => "a\nb\n",
            'string 4 KiB' => str_repeat('y', 4096)], ['string ""' => '', 'string 64 KiB' => str_repeat('z', 65536),
            'int 5' => 5, 'null' => null, 'array empty' => [], 'Stringable' => new ArgsFuzzStringable()],
            static fn($x) => true);
    }

    /** recv flags: never MSG_WAITALL without MSG_DONTWAIT where PHP's own call ignores the timeout. */
    private static function flagsArg(Random\Randomizer $rng, array $pool, stdClass $ctx, bool $stream): array
    {
        $edge = ['int -1' => -1, 'PHP_INT_MAX' => PHP_INT_MAX, 'int 2**31' => 2 ** 31, 'MSG_DONTWAIT (64)' => 64,
            'string "2"' => '2', 'null' => null, 'float 1.5' => 1.5, 'string "x"' => 'x'];
        if ($stream) {
            $sane = ['int 0' => 0, 'STREAM_PEEK' => STREAM_PEEK];
            $edge += ['STREAM_OOB' => STREAM_OOB, 'STREAM_OOB | STREAM_PEEK' => STREAM_OOB | STREAM_PEEK];
        } else {
            $sane = ['int 0' => 0, 'MSG_PEEK' => MSG_PEEK];
            $edge += ['MSG_OOB' => MSG_OOB, 'MSG_WAITALL' => MSG_WAITALL, 'MSG_PEEK | MSG_WAITALL' => MSG_PEEK | MSG_WAITALL,
                'MSG_EOR' => MSG_EOR];
        }
        return self::dom($rng, $pool, $ctx, $sane, $edge,
            static fn($x) => !$stream || ($l = self::asLong($x)) === null || !(($l & 0x100) && !($l & 0x40)));
    }

    /** The starting value of a by-reference parameter. */
    private static function refArg(Random\Randomizer $rng, array $pool, stdClass $ctx, array $sane): array
    {
        if (self::chance($rng, 20)) {
            $ctx->wrong = true;
            return self::anyValue($rng, $pool);
        }
        return self::pick($rng, $sane);
    }

    /** A command (see COMMANDS): [label, value, flags]. $allow: what the call can take (i, o, E). */
    private static function command(Random\Randomizer $rng, array $pool, stdClass $ctx, string $allow,
        bool $arrays): array
    {
        $r = $rng->getInt(1, 100);
        if ($r <= 12) {
            // A value of the pool with no string in it. Coerced to a string (an int, a float, true, a
            // Stringable) it is a command no shell has, which says so on standard error: only where
            // that is not the fuzzer's own (E), or else in strict mode, which rejects it.
            for ($k = 0; $k < 6; $k++) {
                [$l, $v] = self::anyValue($rng, $pool);
                if (!self::noStrings($v)) {
                    continue;
                }
                $ctx->wrong = true;
                $coerced = is_int($v) || is_float($v) || $v === true || $v instanceof Stringable;
                if ($coerced && !str_contains($allow, 'E')) {
                    $ctx->strict = true;
                }
                return [$l, $v, $coerced ? 'E' : ''];
            }
        }
        $fits = static function (string $flags) use ($allow): bool {
            foreach (['i', 'o', 'E'] as $f) {
                if (str_contains($flags, $f) && !str_contains($allow, $f)) {
                    return false;
                }
            }
            return true;
        };
        if ($r <= 24) {
            if (!$arrays) {
                $ctx->wrong = true; // TypeError
            }
            $all = self::arrayCommands();
            $ok = [];
            foreach ($all as $l => [$cmd, $flags]) {
                if (!$arrays || $fits($flags)) {
                    $ok[$l] = [$cmd, $flags];
                }
            }
            if ($ok) {
                [$l, [$cmd, $flags]] = self::pick($rng, $ok);
                return ["command $l", $cmd, $arrays ? $flags : ''];
            }
        }
        $ok = [];
        foreach (self::COMMANDS as $cmd => $flags) {
            if ($fits($flags)) {
                $ok[$cmd] = $flags;
            }
        }
        [$cmd, $flags] = self::pick($rng, $ok);
        $cmd = (string) $cmd;
        if ($cmd === '' || str_contains($cmd, "\0")) {
            $ctx->wrong = true;
        }
        return ['command ' . str_replace("\0", '\0', var_export($cmd, true)), $cmd, $flags];
    }

    /**
     * A proc_open() descriptor spec: [label, value, info]. info: which of standard input, output and
     * error a command may use (in: it ends for a reader; out, err: not the fuzzer's own, never full),
     * the descriptors the caller may read (read) and whether it holds the write end of stdin.
     */
    private static function descriptorSpec(Random\Randomizer $rng, array $pool, stdClass $ctx): array
    {
        $info = ['in' => false, 'out' => false, 'err' => false, 'read' => [], 'stdinPipe' => false];
        if (self::chance($rng, 8)) {
            for ($k = 0; $k < 4; $k++) {
                [$l, $v] = self::anyValue($rng, $pool);
                if (self::noStrings($v)) {
                    $ctx->wrong = true;
                    return [$l, $v, $info];
                }
            }
        }
        // label => [item maker, safe as stdin, safe as stdout/stderr, the caller reads it]
        $items = [
            "['pipe', 'r']" => [static fn() => ['pipe', 'r'], true, false, false],
            "['pipe', 'w']" => [static fn() => ['pipe', 'w'], false, true, true],
            "['file', '/dev/null', 'r']" => [static fn() => ['file', '/dev/null', 'r'], true, false, false],
            "['file', '/dev/null', 'w']" => [static fn() => ['file', '/dev/null', 'w'], false, true, false],
            "['file', '/dev/null', 'a']" => [static fn() => ['file', '/dev/null', 'a'], false, true, false],
            "['null']" => [static fn() => ['null'], true, true, false],
            // The child keeps PHP's master of a pty open, so a pty never ends for a writer: PHP's own
            // proc_close() waits for good on a command writing more than the pty holds. Silent ones only.
            "['pty']" => [static fn() => ['pty'], false, false, true],
            'fresh socket, closed peer' => [static fn() => self::makeRes('sock-eof'), true, true, false],
            'fresh socket pair end' => [static fn() => self::makeRes('sock-room'), false, true, false],
            "['pipe', 'x']" => [static fn() => ['pipe', 'x'], false, false, false],
            "['pipe']" => [static fn() => ['pipe'], false, false, false],
            "['file', '/nonexistent/chan-fuzz/x', 'r']" => [static fn() => ['file', '/nonexistent/chan-fuzz/x', 'r'],
                false, false, false],
            "['file', '/dev/null']" => [static fn() => ['file', '/dev/null'], false, false, false],
            "['file']" => [static fn() => ['file'], false, false, false],
            "['redirect', 1]" => [static fn() => ['redirect', 1], false, false, false],
            "['redirect', 9]" => [static fn() => ['redirect', 9], false, false, false],
            "['redirect']" => [static fn() => ['redirect'], false, false, false],
            "['bogus']" => [static fn() => ['bogus'], false, false, false],
            '[]' => [static fn() => [], false, false, false],
            '[1]' => [static fn() => [1], false, false, false],
            "['pipe', []]" => [static fn() => ['pipe', []], false, false, false],
            'stream resource (php://memory)' => [static fn() => self::makeRes('memory'), false, false, false],
            'closed resource' => [static fn() => self::makeRes('closed'), false, false, false],
            'socket pair end A' => [static fn() => $pool['values']['socket pair end A'] ?? null, false, false, false],
        ];
        if (self::$slow) {
            unset($items["['pty']"]);
        }
        $good = array_slice($items, 0, self::$slow ? 8 : 9, true);
        $spec = [];
        $labels = [];
        foreach ([0, 1, 2] as $fd) {
            if (!self::chance($rng, 80)) {
                continue;
            }
            if (self::chance($rng, 80)) {
                [$l, $it] = self::pick($rng, $good);
            } else {
                [$l, $it] = self::pick($rng, $items);
                $ctx->wrong = true;
            }
            $spec[$fd] = $it[0]();
            $labels[] = "$fd => $l";
            if ($fd === 0) {
                $info['in'] = $it[1];
                $info['stdinPipe'] = $l === "['pipe', 'r']";
            } else {
                $info[$fd === 1 ? 'out' : 'err'] = $it[2];
            }
            if ($fd > 0 && $it[3]) {
                $info['read'][] = $fd;
            }
        }
        if (self::chance($rng, 15)) {
            // A descriptor beyond the three, or a key PHP refuses.
            [$kl, $key] = self::pick($rng, ['3' => 3, '5' => 5, '-1' => -1, "'x'" => 'x', 'PHP_INT_MAX' => PHP_INT_MAX]);
            [$l, $it] = self::pick($rng, array_slice($items, 0, 4, true));
            $spec[$key] = $it[0]();
            $labels[] = "$kl => $l";
            if (is_int($key) && $key > 2 && $it[3]) {
                $info['read'][] = $key;
            }
            if (!is_int($key) || $key < 0 || $key === PHP_INT_MAX) {
                $ctx->wrong = true;
            }
        }
        return ['descriptors [' . implode(', ', $labels) . ']', $spec, $info];
    }

    /** What a popen() caller does with its stream: each step bounded by the command. */
    private static function popenPlan(Random\Randomizer $rng, string $m): array
    {
        $ops = [];
        for ($k = $rng->getInt(0, 3); $k > 0; $k--) {
            $ops[] = $m === 'w'
                ? self::pick($rng, ['write' => ['write', 0, 'x'], 'write 4 KiB' => ['write', 0, str_repeat('w', 4096)],
                    'flush' => ['flush', 0], 'non-blocking' => ['nonblock', 0]])[1]
                : self::pick($rng, ['read 1' => ['read', 0, 1], 'read 8192' => ['read', 0, 8192], 'gets' => ['gets', 0],
                    'contents' => ['contents', 0], 'select' => ['select', 0], 'non-blocking' => ['nonblock', 0],
                    'eof' => ['eof', 0]])[1];
        }
        return ['ops' => $ops, 'close' => self::pick($rng, ['pclose' => 'pclose', 'fclose' => 'fclose',
            'left to the end of the iteration' => 'leave'])[1]];
    }

    /**
     * What a proc_open() caller does with the process: a reader's input is closed before any read;
     * of a command writing more than a pipe holds only standard output is read.
     */
    private static function procPlan(Random\Randomizer $rng, array $info, string $flags): array
    {
        $ops = [];
        $stdinOpen = $info['stdinPipe'];
        if (str_contains($flags, 'i') && $stdinOpen) {
            if (self::chance($rng, 50)) {
                $ops[] = ['write', 0, "abc\n"];
            }
            $ops[] = ['close', 0];
            $stdinOpen = false;
        }
        $reads = $info['read'];
        if (str_contains($flags, 'B')) {
            $reads = array_values(array_intersect($reads, [1]));
        }
        for ($k = $rng->getInt(0, 3); $k > 0; $k--) {
            $r = $rng->getInt(0, 5);
            if ($r <= 2 && $reads) {
                $fd = $reads[$rng->getInt(0, count($reads) - 1)];
                $ops[] = self::pick($rng, ['read' => ['read', $fd, 8192], 'gets' => ['gets', $fd],
                    'contents' => ['contents', $fd], 'select' => ['select', $fd], 'eof' => ['eof', $fd]])[1];
            } elseif ($r === 3 && $stdinOpen) {
                $ops[] = ['write', 0, self::chance($rng, 50) ? 'x' : str_repeat('w', 4096)];
            } elseif ($r === 4) {
                $ops[] = ['status'];
            } else {
                $ops[] = ['close', $rng->getInt(0, 3)];
            }
        }
        return ['ops' => $ops, 'reader' => str_contains($flags, 'i') && $info['stdinPipe'],
            'close' => self::pick($rng, ['proc_close' => 'proc_close', 'proc_close ' => 'proc_close',
                'close the pipes, then proc_close' => 'pipes', 'left to the end of the iteration' => 'leave'])[1]];
    }

    /** Values for every parameter of a hooked function, by name: [label, value]. */
    private static function hookedValues(Random\Randomizer $rng, array $pool, ArgsFuzzCall $c, stdClass $ctx): array
    {
        $any = static fn($x) => true;
        $v = [];
        switch ($c->name) {
            case 'sleep':
                $c->selfBound = true;
                $v['seconds'] = self::dom($rng, $pool, $ctx, ['int 0' => 0], ['int -1' => -1,
                    'PHP_INT_MIN' => PHP_INT_MIN, 'int 2**32 (0 as unsigned int)' => 2 ** 32, 'int 2**62' => 2 ** 62,
                    'string "0"' => '0', 'string " 0 "' => ' 0 ', 'float 0.5' => 0.5, 'float -0.5' => -0.5,
                    'null' => null, 'false' => false, 'float NAN' => NAN, 'float INF' => INF, 'string "abc"' => 'abc',
                    'string "1abc"' => '1abc', 'array empty' => []],
                    static fn($x) => ($l = self::asLong($x)) === null || $l <= 0
                        || ($l > 0xFFFFFFFF && ($l & 0xFFFFFFFF) === 0));
                break;
            case 'usleep':
                $c->selfBound = true;
                $v['microseconds'] = self::dom($rng, $pool, $ctx, ['int 0' => 0, 'int 1' => 1, 'int 100' => 100,
                    'int 1000' => 1000, 'int 5000' => 5000], ['int -1' => -1, 'PHP_INT_MIN' => PHP_INT_MIN,
                    'int 2**32' => 2 ** 32, 'int 2**32 + 1000' => 2 ** 32 + 1000, 'string "1000"' => '1000',
                    'float 1000.5' => 1000.5, 'true' => true, 'null' => null, 'float NAN' => NAN, 'string "x"' => 'x',
                    'int 10000' => 10000],
                    static fn($x) => ($l = self::asLong($x)) === null || $l <= 10000
                        || ($l > 0xFFFFFFFF && ($l & 0xFFFFFFFF) <= 10000));
                break;
            case 'time_nanosleep':
                $c->selfBound = true;
                $s = self::dom($rng, $pool, $ctx, ['int 0' => 0], ['int -1' => -1, 'int 1' => 1,
                    'PHP_INT_MAX' => PHP_INT_MAX, 'string "0"' => '0', 'null' => null, 'float 0.5' => 0.5,
                    'string "x"' => 'x', 'array empty' => []], $any);
                $ns = self::dom($rng, $pool, $ctx, ['int 0' => 0, 'int 1' => 1, 'int 1000' => 1000,
                    'int 1000000' => 1000000, 'int 5000000' => 5000000], ['int -1' => -1, 'int 999999999' => 999999999,
                    'int 1000000000' => 1000000000, 'PHP_INT_MAX' => PHP_INT_MAX, 'string "1000"' => '1000',
                    'null' => null, 'float 1.5' => 1.5, 'float NAN' => NAN], $any);
                $S = self::asLong($s[1]);
                $N = self::asLong($ns[1]);
                if (!($S === null || $N === null || $S < 0 || $N < 0 || $N > 999999999 || ($S === 0 && $N <= 10000000))) {
                    // At most 10 ms: a longer one is replaced.
                    [$s, $ns] = [['int 0', 0], ['int 1000', 1000]];
                }
                $v['seconds'] = $s;
                $v['nanoseconds'] = $ns;
                break;
            case 'time_sleep_until':
                $c->selfBound = true;
                $now = microtime(true);
                $v['timestamp'] = self::dom($rng, $pool, $ctx, ['now + 0.005' => $now + 0.005, 'now - 1' => $now - 1,
                    'now' => $now, 'now + 0.01' => $now + 0.01], ['int 0' => 0, 'int -1' => -1, 'float NAN' => NAN,
                    'float INF' => INF, 'float -INF' => -INF, 'float 1e19' => 1e19, 'float 18446744074.0' => 18446744074.0,
                    'string "1e3"' => '1e3', 'string "abc"' => 'abc', 'null' => null, 'array empty' => [],
                    'true' => true],
                    static fn($x) => ($d = self::asDouble($x)) === null || is_nan($d) || $d <= $now + 0.01
                        || $d > 18446744073.8);
                break;

            case 'fread':
            case 'fgets':
                $v['stream'] = self::streamArg($rng, $pool, $ctx, 'read');
                $v['length'] = self::lengthArg($rng, $pool, $ctx, $c->name === 'fgets');
                $c->selfBound = empty($ctx->pipe);
                break;
            case 'fwrite':
                $v['stream'] = self::streamArg($rng, $pool, $ctx, 'write');
                $v['data'] = self::dataArg($rng, $pool, $ctx);
                $v['length'] = self::dom($rng, $pool, $ctx, ['null' => null, 'int 1' => 1, 'int 3' => 3],
                    ['int 0' => 0, 'int -1' => -1, 'PHP_INT_MAX' => PHP_INT_MAX, 'PHP_INT_MIN' => PHP_INT_MIN], $any);
                $c->selfBound = empty($ctx->pipe);
                break;
            case 'stream_socket_accept':
                $c->selfBound = true;
                $v['socket'] = self::streamArg($rng, $pool, $ctx, 'accept');
                // Never negative (PHP's own waits for good) nor more than 10 ms; null is
                // default_socket_timeout, 0 here.
                $v['timeout'] = self::dom($rng, $pool, $ctx, ['null' => null, 'float 0.0' => 0.0,
                    'float 0.001' => 0.001, 'float 0.005' => 0.005], ['float -0.0' => -0.0, 'float NAN' => NAN,
                    'float INF' => INF, 'float -INF' => -INF, 'float 1e-9' => 1e-9, 'string "0.001"' => '0.001',
                    'int 0' => 0, 'string "abc"' => 'abc', 'array empty' => []],
                    static fn($x) => $x === null || ($d = self::asDouble($x)) === null || is_nan($d) || is_infinite($d)
                        || ($d >= 0 && $d <= 0.01));
                $v['peer_name'] = self::refArg($rng, $pool, $ctx, ['null' => null]);
                break;
            case 'stream_socket_recvfrom':
                $c->selfBound = true;
                $v['socket'] = self::streamArg($rng, $pool, $ctx, 'recvfrom');
                $v['length'] = self::lengthArg($rng, $pool, $ctx);
                $v['flags'] = self::flagsArg($rng, $pool, $ctx, true);
                $v['address'] = self::refArg($rng, $pool, $ctx, ['null' => null, 'string ""' => '']);
                break;
            case 'stream_socket_sendto':
                $c->selfBound = true;
                $v['socket'] = self::streamArg($rng, $pool, $ctx, 'sendto');
                $v['data'] = self::dataArg($rng, $pool, $ctx);
                $v['flags'] = self::flagsArg($rng, $pool, $ctx, true);
                $udp = self::isRes($v['socket'][1]) && self::kindOf($v['socket'][1]) === 'udp';
                // Only 127.0.0.1, and strings with no colon (PHP looks up no name then).
                $sane = ['string ""' => ''];
                if ($udp) {
                    $sane['its own server\'s address'] = stream_socket_get_name($v['socket'][1], true) ?: '';
                }
                $v['address'] = self::dom($rng, $pool, $ctx, $sane, ['string "127.0.0.1:1"' => '127.0.0.1:1',
                    'string "abc"' => 'abc', 'string "127.0.0.1:99999"' => '127.0.0.1:99999',
                    'string "127.0.0.1"' => '127.0.0.1', 'string "127.0.0.1:1\0"' => "127.0.0.1:1\0",
                    'array empty' => []], static fn($x) => !is_string($x));
                break;
            case 'stream_select':
                $c->selfBound = true;
                foreach (['read', 'write', 'except'] as $name) {
                    $v[$name] = self::selectArray($rng, $pool, $ctx);
                }
                $v['seconds'] = self::dom($rng, $pool, $ctx, ['int 0' => 0, 'null' => null], ['int -1' => -1,
                    'PHP_INT_MIN' => PHP_INT_MIN, 'string "0"' => '0', 'false' => false, 'float 0.5' => 0.5,
                    'float NAN' => NAN, 'string "x"' => 'x', 'array empty' => []],
                    static fn($x) => $x === null || ($l = self::asLong($x)) === null || $l <= 0);
                $v['microseconds'] = self::dom($rng, $pool, $ctx, ['null' => null, 'int 0' => 0, 'int 1000' => 1000,
                    'int 5000' => 5000], ['int -1' => -1, 'int 10000' => 10000, 'PHP_INT_MIN' => PHP_INT_MIN,
                    'string "1000"' => '1000', 'float 1000.5' => 1000.5, 'string "x"' => 'x'],
                    static fn($x) => $x === null || ($l = self::asLong($x)) === null || $l <= 10000);
                if ($v['seconds'][1] === null) {
                    // No timeout: a stream at end of file is always ready, so nothing waits for good.
                    [$l, $read] = $v['read'];
                    $read = is_array($read) ? $read : [];
                    $read['ready'] = self::makeRes('sock-eof');
                    $v['read'] = ["$l + ready => fresh socket at end of file", $read];
                    $ctx->noTyped = true;
                }
                break;

            case 'socket_read':
                $c->selfBound = true;
                $v['socket'] = self::socketArg($rng, $pool, $ctx, 'recv');
                $v['length'] = self::lengthArg($rng, $pool, $ctx);
                $v['mode'] = self::dom($rng, $pool, $ctx, ['PHP_BINARY_READ' => PHP_BINARY_READ,
                    'PHP_NORMAL_READ' => PHP_NORMAL_READ], ['int 0' => 0, 'int -1' => -1, 'int 3' => 3,
                    'PHP_INT_MAX' => PHP_INT_MAX, 'string "x"' => 'x', 'null' => null], $any);
                $sock = $v['socket'][1];
                if (self::asLong($v['mode'][1]) === PHP_NORMAL_READ && $sock instanceof Socket
                    && !in_array(self::kindOf($sock), ['Socket-data', 'Socket-closed', 'Socket-listen'], true)) {
                    // PHP's own line read loops for good on a socket with no line and no end of file
                    // (recv() failing with EAGAIN, after SO_RCVTIMEO or non-blocking): only where one is.
                    $v['mode'] = ['PHP_BINARY_READ', PHP_BINARY_READ];
                }
                break;
            case 'socket_recv':
            case 'socket_recvfrom':
                $c->selfBound = true;
                $v['socket'] = self::socketArg($rng, $pool, $ctx, 'recv');
                $v['data'] = self::refArg($rng, $pool, $ctx, ['null' => null, 'string "old"' => 'old']);
                $v['length'] = self::lengthArg($rng, $pool, $ctx);
                $v['flags'] = self::flagsArg($rng, $pool, $ctx, false);
                if ($c->name === 'socket_recvfrom') {
                    $v['address'] = self::refArg($rng, $pool, $ctx, ['null' => null]);
                    $v['port'] = self::refArg($rng, $pool, $ctx, ['null' => null, 'int 0' => 0]);
                }
                break;
            case 'socket_write':
            case 'socket_send':
            case 'socket_sendto':
                $c->selfBound = true;
                $v['socket'] = self::socketArg($rng, $pool, $ctx, $c->name === 'socket_sendto' ? 'sendto' : 'send');
                $v['data'] = self::dataArg($rng, $pool, $ctx);
                $v['length'] = self::dom($rng, $pool, $ctx, $c->name === 'socket_write'
                    ? ['null' => null, 'int 1' => 1, 'int 3' => 3] : ['int 1' => 1, 'int 3' => 3, 'int 8192' => 8192],
                    ['int 0' => 0, 'int -1' => -1, 'PHP_INT_MAX' => PHP_INT_MAX, 'PHP_INT_MIN' => PHP_INT_MIN,
                        'string "x"' => 'x', 'null' => null], $any);
                if ($c->name !== 'socket_write') {
                    $v['flags'] = self::flagsArg($rng, $pool, $ctx, false);
                }
                if ($c->name === 'socket_sendto') {
                    if (($v['socket'][1] ?? null) instanceof Socket && self::kindOf($v['socket'][1]) === 'Socket-udp') {
                        // AF_INET: 127.0.0.1 only (any other string may be looked up as a host name).
                        $v['address'] = ['string "127.0.0.1"', '127.0.0.1'];
                        if (self::chance($rng, 20)) {
                            $v['address'] = self::anyValue($rng, $pool);
                            $ctx->wrong = true;
                            $ctx->strict = true; // rejected unless a string: never sent anywhere
                            if (is_string($v['address'][1]) || $v['address'][1] instanceof Stringable) {
                                $v['address'] = ['string "127.0.0.1"', '127.0.0.1'];
                            }
                        }
                    } else {
                        // AF_UNIX: paths that are no socket.
                        $v['address'] = self::dom($rng, $pool, $ctx, ['string "/nonexistent/chan-fuzz.sock"' =>
                            '/nonexistent/chan-fuzz.sock'], ['string ""' => '', 'string "a\0b"' => "a\0b",
                            'array empty' => []], static fn($x) => !is_string($x));
                    }
                    $v['port'] = self::dom($rng, $pool, $ctx, ['null' => null, 'int 9' => 9],
                        ['int -1' => -1, 'int 65536' => 65536, 'PHP_INT_MAX' => PHP_INT_MAX, 'string "x"' => 'x'], $any);
                }
                break;
            case 'socket_accept':
                $c->selfBound = true;
                $v['socket'] = self::socketArg($rng, $pool, $ctx, 'accept');
                break;

            case 'exec':
            case 'system':
            case 'passthru':
            case 'shell_exec':
                [$l, $cmd] = self::command($rng, $pool, $ctx, 'o', false);
                $v['command'] = [$l, $cmd];
                if ($c->name === 'exec') {
                    $v['output'] = self::refArg($rng, $pool, $ctx, ['null' => null, 'array empty' => [],
                        'array ["kept"]' => ['kept']]);
                }
                if ($c->name !== 'shell_exec') {
                    $v['result_code'] = self::refArg($rng, $pool, $ctx, ['null' => null, 'int 7' => 7]);
                }
                $c->detResult = is_string($cmd) && array_key_exists($cmd, self::COMMANDS);
                $c->patient = self::chance($rng, 60);
                break;
            case 'popen':
                $v['mode'] = self::dom($rng, $pool, $ctx, ['string "r"' => 'r', 'string "w"' => 'w',
                    'string "rb"' => 'rb'], ['string "wb"' => 'wb', 'string "rw"' => 'rw', 'string ""' => '',
                    'string "x"' => 'x', 'string "r\0"' => "r\0", 'string "R"' => 'R', 'null' => null, 'int 1' => 1],
                    $any);
                $mode = $v['mode'][1];
                $m = is_string($mode) && in_array($mode, ['r', 'rb', 'w', 'wb'], true) ? $mode[0] : '';
                [$l, $cmd] = self::command($rng, $pool, $ctx, $m === 'r' ? 'o' : ($m === 'w' ? 'i' : ''), false);
                $v['command'] = [$l, $cmd];
                $c->plan = self::popenPlan($rng, $m);
                $c->patient = self::chance($rng, 60);
                break;
            case 'proc_open':
                [$sl, $spec, $info] = self::descriptorSpec($rng, $pool, $ctx);
                $allow = ($info['in'] ? 'i' : '') . ($info['out'] ? 'o' : '') . ($info['err'] ? 'E' : '');
                [$l, $cmd, $flags] = self::command($rng, $pool, $ctx, $allow, true);
                $v['command'] = [$l, $cmd];
                $v['descriptor_spec'] = [$sl, $spec];
                $v['pipes'] = self::refArg($rng, $pool, $ctx, ['null' => null, 'array empty' => []]);
                $v['cwd'] = self::dom($rng, $pool, $ctx, ['null' => null, 'string "/tmp"' => '/tmp'],
                    ['string "/nonexistent/chan-fuzz"' => '/nonexistent/chan-fuzz', 'string ""' => '',
                        'string "/tmp\0x"' => "/tmp\0x"], static fn($x) => !is_string($x), 85);
                $v['env_vars'] = self::dom($rng, $pool, $ctx, ['null' => null, 'array empty' => [],
                    "['A' => 'b']" => ['A' => 'b']], ["['A' => 1.5]" => ['A' => 1.5], "['A' => [1]]" => ['A' => [1]],
                    "['A' => \"x\\0y\"]" => ['A' => "x\0y"], '[1, 2]' => [1, 2], "['=' => 'x']" => ['=' => 'x'],
                    "['A' => new stdClass]" => ['A' => new stdClass()]],
                    static fn($x) => !is_array($x) || self::noStrings($x), 85);
                $v['options'] = self::dom($rng, $pool, $ctx, ['null' => null, 'array empty' => []],
                    ["['bypass_shell' => true]" => ['bypass_shell' => true],
                        "['suppress_errors' => true]" => ['suppress_errors' => true]], $any, 85);
                $c->plan = self::procPlan($rng, $info, $flags);
                $c->patient = self::chance($rng, 60);
                break;
            case 'proc_close':
                $v['process'] = self::hookedPick($rng, $pool, $ctx, ['fresh process (printf x; sleep 0.01)' => 'process',
                    'fresh process (printf x; sleep 0.01) ' => 'process'], ['fresh process, already closed' => 'closed process',
                    'fresh proc_open() stdout pipe' => 'proc-out', 'stream resource' => 'shared']);
                $c->patient = self::chance($rng, 60);
                break;
            case 'pclose':
                $v['handle'] = self::hookedPick($rng, $pool, $ctx, [
                    'fresh pipe of popen("sleep 0.01; echo y", "r")' => 'pipe-r',
                    'fresh pipe of popen("printf x", "r")' => 'pipe-r-quick',
                    'fresh pipe of popen("sleep 0.01", "w")' => 'pipe-w'], [
                    'socket pair end B' => 'shared', 'stream resource' => 'shared', 'closed resource' => 'shared',
                    'fresh process (printf x; sleep 0.01)' => 'process', 'fresh proc_open() stdout pipe' => 'proc-out']);
                $c->patient = self::chance($rng, 60);
                break;
        }
        return $v;
    }

    /** [label, value] from resources of kinds (sane or edge), or any value of the pool. */
    private static function hookedPick(Random\Randomizer $rng, array $pool, stdClass $ctx, array $sane,
        array $edge): array
    {
        $r = $rng->getInt(1, 100);
        if ($r > 85) {
            $ctx->wrong = true;
            return self::anyValue($rng, $pool);
        }
        if ($r > 55) {
            $ctx->wrong = true;
            [$l, $kind] = self::pick($rng, $edge);
        } else {
            [$l, $kind] = self::pick($rng, $sane);
        }
        if ($kind === 'closed process') {
            $p = self::makeRes('process');
            if (is_resource($p)) {
                @proc_close($p);
            }
            return [$l, $p];
        }
        return self::resArg($pool, trim($l), $kind);
    }

    /** An array for stream_select(): null, empty, streams of every kind, or a value of the pool. */
    private static function selectArray(Random\Randomizer $rng, array $pool, stdClass $ctx): array
    {
        $r = $rng->getInt(1, 100);
        if ($r <= 25) {
            return ['null', null];
        }
        if ($r <= 33) {
            return ['array empty', []];
        }
        if ($r <= 43) {
            $ctx->wrong = true;
            return self::anyValue($rng, $pool);
        }
        $choices = ['socket pair end A' => 'shared', 'socket pair end B' => 'shared',
            'socket with closed peer' => 'shared', 'non-blocking socket' => 'shared',
            'listening tcp server (127.0.0.1)' => 'shared', 'fresh socket with data, peer closed' => 'sock-data',
            'fresh /dev/null' => 'file', 'stream resource' => 'shared', 'closed resource' => 'shared',
            'stream context resource' => 'shared', 'fresh pipe of popen("sleep 0.01; echo y", "r")' => 'pipe-r',
            'ext-sockets Socket' => 'shared', 'a value of the pool' => 'pool'];
        if (self::$slow) {
            unset($choices['fresh pipe of popen("sleep 0.01; echo y", "r")']);
        }
        $arr = [];
        $labels = [];
        for ($k = $rng->getInt(1, 3); $k > 0; $k--) {
            $key = self::pick($rng, [0 => 0, 1 => 1, 2 => 2, 'k' => 'k', 'empty' => '', '7' => 7, '-1' => -1])[1];
            [$l, $kind] = self::pick($rng, $choices);
            if ($kind === 'pool') {
                [$l, $val] = self::anyValue($rng, $pool);
            } else {
                [$l, $val] = self::resArg($pool, $l, $kind);
            }
            if (!self::isRes($val) || in_array(self::kindOf($val), ['memory', 'closed', 'context'], true)) {
                $ctx->wrong = true;
            }
            $arr[$key] = $val;
            $labels[] = "$key => $l";
        }
        return ['array [' . implode('; ', $labels) . ']', $arr];
    }

    /** Draws a call of one of PHP's hooked functions: arguments by its rules, shape, mode, plan. */
    private static function makeHookedCall(Random\Randomizer $rng, array $pool, ArgsFuzzCall $c): void
    {
        $ctx = new stdClass();
        $ctx->wrong = false;
        $ctx->strict = false;
        $ctx->pipe = false;
        $ctx->noTyped = false;
        $ctx->needsGuard = false;
        $vals = self::hookedValues($rng, $pool, $c, $ctx);
        $params = $c->rf->getParameters();
        $n = count($params);
        $required = $c->rf->getNumberOfRequiredParameters();
        $names = array_map(static fn($p) => $p->getName(), $params);
        $shape = $rng->getInt(0, 99);
        if ($shape < 6) {
            $count = $rng->getInt(0, max(0, $required - 1));   // too few
        } elseif ($shape < 11) {
            $count = $n + $rng->getInt(1, 2);                  // too many
        } else {
            $count = $rng->getInt($required, $n);
        }
        $named = $shape >= 92;
        if ($shape < 11 || $named) {
            $ctx->wrong = true;
        }
        for ($i = 0; $i < $count; $i++) {
            $param = $params[$i] ?? null;
            if ($param) {
                // Never a value of the pool in place of one drawn by the function's rules (a command).
                // A parameter a newer PHP added (stream_select()'s $context in 8.6) takes any value of
                // the pool, except in the functions that run a command.
                [$label, $value] = $vals[$param->getName()]
                    ?? (in_array($c->name, ['exec', 'system', 'passthru', 'shell_exec', 'popen', 'proc_open'], true)
                        ? throw new LogicException("no value drawn for {$c->name}(\${$param->getName()})")
                        : self::anyValue($rng, $pool));
            } else {
                [$label, $value] = self::anyValue($rng, $pool);
            }
            $key = $i;
            if ($named) {
                // Extra arguments get names the function does not have, so no value of the pool
                // replaces one drawn for it (a command).
                $key = $param ? $param->getName()
                    : self::pick($rng, ['x' => 'x', 'nope' => 'nope', 'chan_fuzz' => 'chan_fuzz'])[1];
                if (in_array($key, $names, true) && !$param) {
                    $key = 'x';
                }
            }
            if ($param && $param->isPassedByReference() && !$ctx->noTyped && self::chance($rng, 12)) {
                // A reference into a typed property: PHP's assignment must fail, in its words.
                $typed = new ArgsFuzzTyped();
                $c->typed = $typed;
                $prop = self::pick($rng, ['int' => 'int', 'chan' => 'chan', 'float' => 'float'])[1];
                $c->args[$key] = &$typed->$prop;
                $c->typedProps[$key] = $prop;
                $label = "&typed property $prop";
                $ctx->wrong = true;
            } elseif (($param && $param->isPassedByReference()) || self::chance($rng, 6)) {
                $box = $value;
                $c->args[$key] = &$box;
                $c->refHolder[] = &$box;
                unset($box);
                $label = "&$label";
            } else {
                $c->args[$key] = $value;
            }
            $c->argLabels[$key] = $label;
        }
        if ($named && $count > 0 && self::chance($rng, 30)) {
            // Positional first, then the same parameter by name: PHP's own Error, before the call.
            $first = array_key_first($c->args);
            if (is_string($first)) {
                $c->args = [0 => $c->args[$first]] + $c->args;
                $c->argLabels = [0 => $c->argLabels[$first]] + $c->argLabels;
                if (isset($c->typedProps[$first])) {
                    $c->typedProps = [0 => $c->typedProps[$first]] + $c->typedProps;
                }
            }
        }
        $modes = ['direct', 'strict', 'call_user_func_array', 'reflection', 'first-class callable'];
        $c->mode = $modes[$rng->getInt(0, count($modes) - 1)];
        if ($c->name === 'shell_exec' && count($c->args) === 1 && is_string($c->args[0] ?? null)
            && self::chance($rng, 25)) {
            $c->mode = 'backtick';
        }
        if ($ctx->strict) {
            $c->mode = 'strict';
        }
        $c->suspect = $ctx->wrong || $c->mode === 'strict';
        $c->needsGuard = $ctx->needsGuard;
        if ($c->needsGuard) {
            $c->selfBound = true;
        }
    }

    /** The call itself (system() and passthru() print into a buffer of their own). */
    private static function invokeHooked(ArgsFuzzCall $c, array $a, array $s): mixed
    {
        $mine = false;
        $started = 0;
        $alone = false;
        if ($c->name === 'system' || $c->name === 'passthru') {
            $mine = ob_start([self::class, 'discardOutput']);
            $started = ++self::$captures;
            $alone = self::$capturing++ === 0;
        }
        try {
            if ($c->mode === 'backtick') {
                $cmd = $a[0];
                // not in this file's own code: PHP 8.5+ deprecates the operator at compile time
                return eval('return `$cmd`;');
            }
            return match ($c->mode) {
                'direct' => ($c->name)(...$a),
                'strict' => $s['function']($c->name, $a),
                'call_user_func_array' => call_user_func_array($c->name, $a),
                'reflection' => $c->rf->invokeArgs($a),
                'first-class callable' => Closure::fromCallable($c->name)(...$a),
            };
        } finally {
            if ($started) {
                self::$capturing--;
            }
            if ($mine && ob_get_level() > self::$obBase
                && (ob_get_status()['name'] ?? '') === self::class . '::discardOutput') {
                // Another call's buffer when calls of several coroutines interleave: what was
                // printed is this call's alone only if no other capture ran meanwhile.
                $c->printed = ob_get_clean();
                $c->printedOk = $alone && $started === self::$captures;
            }
        }
    }

    /** What system() and passthru() print goes nowhere (it stays off the fuzzer's output). */
    public static function discardOutput(string $buffer, int $phase): string
    {
        return '';
    }

    /** After proc_open() or popen() returned a resource: the caller's plan, bounded (COMMANDS). */
    private static function followUp(ArgsFuzzCall $c, mixed $ret): void
    {
        if (!is_resource($ret)) {
            return;
        }
        self::$hookStats['follow-ups']++;
        self::$cleanup[] = $ret;
        $pipes = [0 => $ret];
        if ($c->name === 'proc_open') {
            $key = array_key_exists(2, $c->args) ? 2 : 'pipes';
            $pipes = is_array($c->args[$key] ?? null) ? $c->args[$key] : [];
            foreach ($pipes as $p) {
                if (is_resource($p)) {
                    self::$cleanup[] = $p;
                }
            }
        }
        try {
            foreach ($c->plan['ops'] as $op) {
                if ($op[0] === 'status') {
                    proc_get_status($ret);
                    continue;
                }
                $s = $pipes[$op[1]] ?? null;
                if (!is_resource($s)) {
                    continue;
                }
                switch ($op[0]) {
                    case 'read':
                        fread($s, $op[2]);
                        break;
                    case 'gets':
                        fgets($s);
                        break;
                    case 'contents':
                        stream_get_contents($s);
                        break;
                    case 'write':
                        fwrite($s, $op[2]);
                        break;
                    case 'flush':
                        fflush($s);
                        break;
                    case 'eof':
                        feof($s);
                        break;
                    case 'nonblock':
                        stream_set_blocking($s, false);
                        break;
                    case 'select':
                        $r = [$s];
                        $w = $e = null;
                        stream_select($r, $w, $e, 0, 2000);
                        break;
                    case 'close':
                        fclose($s);
                        break;
                }
            }
        } finally {
            if (!empty($c->plan['reader']) && is_resource($pipes[0] ?? null)) {
                // Its input ends even when the steps above were cut short: a reader left running
                // would hold every pipe it inherited (popen()'s are not close-on-exec) for good.
                fclose($pipes[0]);
            }
            if (is_resource($ret)) {
                switch ($c->plan['close']) {
                    case 'pclose':
                        pclose($ret);
                        break;
                    case 'fclose':
                        fclose($ret);
                        break;
                    case 'pipes':
                        foreach ($pipes as $p) {
                            if (is_resource($p)) {
                                fclose($p);
                            }
                        }
                        proc_close($ret);
                        break;
                    case 'proc_close':
                        proc_close($ret);
                        break;
                }
            }
        }
    }

    private static function paramOf(ArgsFuzzCall $c, int|string $key): ?ReflectionParameter
    {
        foreach ($c->rf->getParameters() as $i => $p) {
            if ($key === $i || $key === $p->getName()) {
                return $p;
            }
        }
        return null;
    }

    /** The arguments' values (copied) and state (resources: kind, open or closed) before the call. */
    private static function snapshot(ArgsFuzzCall $c): array
    {
        $state = [];
        $pre = [];
        foreach ($c->args as $k => $v) {
            $pre[$k] = $v;
            $state[$k] = self::stateOf($v);
        }
        return ['state' => $state, 'pre' => $pre];
    }

    private static function stateOf(mixed $v, int $depth = 0): ?string
    {
        if (self::isRes($v) || $v instanceof Socket) {
            return self::kindOf($v);
        }
        if (is_array($v) && $depth < 2) {
            $out = [];
            foreach ($v as $k => $x) {
                $s = self::stateOf($x, $depth + 1);
                if ($s !== null) {
                    $out[$k] = $s;
                }
            }
            return $out ? 'array ' . serialize($out) : null;
        }
        return null;
    }

    /** A fresh value in the state $state described (resources of the same kind and openness). */
    private static function twin(mixed $v, ?string $state): mixed
    {
        if ($state === null) {
            return $v;
        }
        if (str_starts_with($state, 'array ')) {
            $map = unserialize(substr($state, 6));
            $out = [];
            foreach ($v as $k => $x) {
                $out[$k] = array_key_exists($k, $map) ? self::twin($x, $map[$k]) : $x;
            }
            return $out;
        }
        if ($state === '?' || (self::$slow && in_array($state, [...self::PIPE_KINDS, 'process'], true))) {
            throw new ArgsFuzzNoTwin($state);
        }
        if ($state === 'Socket-closed') {
            $t = self::makeRes('Socket');
            if ($t instanceof Socket) {
                socket_close($t);
            }
            return $t ?? throw new ArgsFuzzNoTwin($state);
        }
        return self::makeRes($state) ?? throw new ArgsFuzzNoTwin($state);
    }

    private static function twinCall(ArgsFuzzCall $c, array $snap): ArgsFuzzCall
    {
        $t = new ArgsFuzzCall();
        foreach (['target', 'kind', 'mode', 'name', 'rf', 'argLabels', 'detResult', 'typedProps'] as $f) {
            $t->$f = $c->$f;
        }
        $holders = [];
        foreach ($snap['pre'] as $k => $v) {
            if (isset($c->typedProps[$k])) {
                $typed = new ArgsFuzzTyped();
                $holders[] = $typed;
                $prop = $c->typedProps[$k];
                $t->args[$k] = &$typed->$prop;
                continue;
            }
            $tv = self::twin($v, $snap['state'][$k]);
            if (self::paramOf($c, $k)?->isPassedByReference()) {
                $box = $tv;
                $t->args[$k] = &$box;
                $t->refHolder[] = &$box;
                unset($box);
            } else {
                $t->args[$k] = $tv;
            }
        }
        $t->receiver = $holders; // keeps the typed properties (and so their references' types) alive
        return $t;
    }

    private static function byRefValues(ArgsFuzzCall $c): array
    {
        $out = [];
        foreach ($c->args as $k => $v) {
            if (self::paramOf($c, $k)?->isPassedByReference()) {
                $out[$k] = $v;
            }
        }
        return $out;
    }

    /** After a hooked call: the hang check, what it returned to close, the comparison to queue. */
    private static function hookedOutcome(ArgsFuzzCall $c, mixed $ret, ?Throwable $thrown, array $snap, bool $guard): void
    {
        if ($guard && $c->selfBound && $thrown instanceof ArgsFuzzCancel && $thrown->getMessage() === self::PATIENT_MSG) {
            self::finding("hang:{$c->target}", $c->describe() . ': still parked after ' . self::PATIENCE
                . ' s (ended by the watchdog), though each of its waits ends by itself within ~10 ms as PHP\'s own'
                . ' call does (timeouts of at most 10 ms, data or end of file there, a pending connection)');
        }
        if (is_resource($ret) || $ret instanceof Socket) {
            self::$cleanup[] = $ret;
        }
        $argErr = $thrown instanceof TypeError || $thrown instanceof ValueError;
        if (!$argErr && !$c->suspect && !($c->detResult && $thrown === null)) {
            return;
        }
        if (count(self::$pending) >= 500) {
            return;
        }
        $out = ['class' => $thrown ? get_class($thrown) : null, 'message' => $thrown?->getMessage(),
            'returned' => $thrown === null, 'ret' => null, 'byref' => null, 'printed' => null];
        if ($c->detResult && $thrown === null) {
            $out['ret'] = self::digest($ret);
            $out['byref'] = self::digest(self::byRefValues($c));
            $out['printed'] = $c->printedOk ? self::digest($c->printed) : null;
        }
        self::$pending[] = ['call' => $c, 'snap' => $snap, 'out' => $out, 'context' => self::$context,
            'iteration' => self::$iteration];
    }

    /** PHP's own call on twins of the arguments (chan.hooks=none, main, no coroutine). */
    private static function referenceOutcome(ArgsFuzzCall $t): array
    {
        $ret = null;
        $e = null;
        try {
            $ret = self::invoke($t);
        } catch (Throwable $x) {
            $e = $x;
        }
        if (is_resource($ret) || $ret instanceof Socket) {
            self::$cleanup[] = $ret;
        }
        foreach ($t->args as $v) {
            if (is_array($v)) {
                foreach ($v as $x) {
                    if (is_resource($x)) {
                        self::$cleanup[] = $x; // proc_open()'s pipes
                    }
                }
            }
        }
        $det = $t->detResult && $e === null;
        return ['class' => $e ? get_class($e) : null, 'message' => $e?->getMessage(), 'returned' => $e === null,
            'ret' => $det ? self::digest($ret) : null, 'byref' => $det ? self::digest(self::byRefValues($t)) : null,
            'printed' => $det && $t->printedOk ? self::digest($t->printed) : null];
    }

    /** $v with resources and objects replaced by what they are (twins are other resources). */
    private static function norm(mixed $v, int $depth = 0): mixed
    {
        if (self::isRes($v)) {
            return 'resource of type ' . get_resource_type($v);
        }
        if (is_object($v)) {
            return 'object ' . get_class($v);
        }
        if (is_array($v) && $depth < 3) {
            $out = [];
            foreach ($v as $k => $x) {
                $out[$k] = self::norm($x, $depth + 1);
            }
            return $out;
        }
        return $v;
    }

    /** What is compared of a result: a hash of it (resources by type), and how it is shown. */
    private static function digest(mixed $v): array
    {
        $n = self::norm($v);
        return ['hash' => md5(serialize($n)), 'show' => self::show($n)];
    }

    private static function show(mixed $v): string
    {
        $s = str_replace("\0", '\0', var_export($v, true));
        $s = preg_replace('/\s+/', ' ', $s);
        return strlen($s) > 160 ? substr($s, 0, 160) . '...' : $s;
    }

    /** Compares the queued hooked calls with PHP's own, now that no coroutine is left. */
    public static function resolvePending(): void
    {
        if (!self::$pending) {
            return;
        }
        if (Coroutine::count() > 0) {
            self::$pending = [];
            return;
        }
        $saved = ini_get('chan.hooks');
        [$ctx, $it] = [self::$context, self::$iteration];
        ini_set('chan.hooks', 'none');
        try {
            while (self::$pending) {
                $p = array_shift(self::$pending);
                self::$context = $p['context'];
                self::$iteration = $p['iteration'];
                self::compareWithPhp($p);
            }
        } finally {
            ini_set('chan.hooks', $saved === false ? 'all' : $saved);
            [self::$context, self::$iteration] = [$ctx, $it];
        }
    }

    private static function compareWithPhp(array $p): void
    {
        $c = $p['call'];
        $snap = $p['snap'];
        $h = $p['out'];
        $key = serialize([$c->target, $c->mode, $c->argLabels, $snap['state'], $c->typedProps]);
        $hArgErr = $h['class'] !== null
            && (is_a($h['class'], TypeError::class, true) || is_a($h['class'], ValueError::class, true));
        if (isset(self::$memo[$key])) {
            $ref = self::$memo[$key];
            self::$hookStats['memo hits']++;
        } elseif (self::$slow && self::HOOKED[$c->name] === 'process' && !$hArgErr) {
            self::$hookStats['no twin']++; // PHP's own call would start a process: not under valgrind
            return;
        } else {
            try {
                $t = self::twinCall($c, $snap);
            } catch (ArgsFuzzNoTwin) {
                self::$hookStats['no twin']++;
                return;
            }
            $ref = self::referenceOutcome($t);
            unset($t);
            if (count(self::$memo) >= 20000) {
                self::$memo = [];
            }
            self::$memo[$key] = $ref;
        }
        self::$hookStats['compared']++;
        $isArgErr = static fn(?string $cls): bool => $cls !== null
            && (is_a($cls, TypeError::class, true) || is_a($cls, ValueError::class, true));
        $assign = static fn(?string $m): bool => $m !== null && str_starts_with($m, 'Cannot assign ');
        $say = static fn(array $o): string => $o['class'] !== null ? "{$o['class']}: {$o['message']}"
            : 'returned' . ($o['ret'] !== null ? ' ' . $o['ret']['show'] : '');
        if ($isArgErr($h['class']) || $isArgErr($ref['class'])) {
            if ($h['class'] === $ref['class'] && $h['message'] === $ref['message']) {
                return;
            }
            if ($assign($h['message']) || $assign($ref['message'])) {
                return; // assigned after the call's work: what is assigned depends on what the work gave
            }
            self::finding("php:{$c->target}", $c->describe() . ': not what PHP\'s own call with the same arguments'
                . ' gives (chan.hooks=none, main, no coroutine). Hooks on: ' . ($h['class'] !== null
                    ? "{$h['class']}: {$h['message']}" : 'no exception') . '; PHP\'s own: ' . $say($ref));
            return;
        }
        if ($c->detResult && !$c->typedProps && $h['returned'] && $ref['returned']) {
            $diff = [];
            if ($h['ret']['hash'] !== $ref['ret']['hash']) {
                $diff[] = 'returned ' . $h['ret']['show'] . ', PHP\'s own ' . $ref['ret']['show'];
            }
            if ($h['byref']['hash'] !== $ref['byref']['hash']) {
                $diff[] = 'left the references at ' . $h['byref']['show'] . ', PHP\'s own at ' . $ref['byref']['show'];
            }
            if ($h['printed'] !== null && $ref['printed'] !== null && $h['printed']['hash'] !== $ref['printed']['hash']) {
                $diff[] = 'printed ' . $h['printed']['show'] . ', PHP\'s own ' . $ref['printed']['show'];
            }
            if ($diff) {
                self::finding("phpresult:{$c->target}", $c->describe() . ': ' . implode('; ', $diff)
                    . ' (the command\'s output and status do not depend on timing)');
            }
        }
    }

    /** Closes what the iteration's hooked calls left open (newest first), in main with no coroutine. */
    public static function cleanupHooked(): void
    {
        while (ob_get_level() > self::$obBase
            && (ob_get_status()['name'] ?? '') === self::class . '::discardOutput') {
            ob_end_clean(); // system()/passthru() buffers of calls that ended out of order
        }
        self::$capturing = 0; // no call runs now (one destroyed without unwinding would not count down)
        $list = self::$cleanup;
        self::$cleanup = [];
        for ($i = count($list) - 1; $i >= 0; $i--) {
            $r = $list[$i];
            try {
                if ($r instanceof Socket) {
                    @socket_close($r);
                } elseif (is_resource($r)) {
                    if (get_resource_type($r) === 'process') {
                        @proc_close($r);
                    } else {
                        @fclose($r); // a popen() stream waits for its child, as pclose() does
                    }
                }
            } catch (Throwable) {
            }
        }
        self::$resKinds = [];
    }

    /** A hooked call returns resources of PHP's own type. */
    private static function checkHookedResource(ArgsFuzzCall $c, mixed $ret): void
    {
        $want = match ($c->name) {
            'proc_open' => 'process',
            'popen', 'stream_socket_accept' => 'stream',
            default => null,
        };
        if ($want !== null && $ret !== false && !(is_resource($ret) && get_resource_type($ret) === $want)) {
            self::finding("ret:{$c->target}", $c->describe() . ' returned ' . get_debug_type($ret)
                . (is_resource($ret) ? ' of type ' . get_resource_type($ret) : '') . ", not false or a $want resource");
        }
    }

    /* ------------------------------------------------------------------ */
    /* Running and checking                                                */
    /* ------------------------------------------------------------------ */

    private static function invoke(ArgsFuzzCall $c): mixed
    {
        $a = $c->args;
        $s = self::$strict;
        switch ($c->kind) {
            case 'hooked':
                return self::invokeHooked($c, $a, $s);
            case 'function':
                return match ($c->mode) {
                    'direct' => ($c->name)(...$a),
                    'strict' => $s['function']($c->name, $a),
                    'call_user_func_array' => call_user_func_array($c->name, $a),
                    'reflection' => $c->rf->invokeArgs($a),
                    'first-class callable' => Closure::fromCallable($c->name)(...$a),
                };
            case 'static':
                return match ($c->mode) {
                    'direct' => ($c->class)::{$c->name}(...$a),
                    'strict' => $s['static']($c->class, $c->name, $a),
                    'call_user_func_array' => call_user_func_array([$c->class, $c->name], $a),
                    'reflection' => $c->rf->invokeArgs(null, $a),
                    'on an instance' => $c->receiver->{$c->name}(...$a),
                };
            case 'method':
                return match ($c->mode) {
                    'direct' => $c->receiver->{$c->name}(...$a),
                    'strict' => $s['method']($c->receiver, $c->name, $a),
                    'call_user_func_array' => call_user_func_array([$c->receiver, $c->name], $a),
                    'reflection' => $c->rf->invokeArgs($c->receiver, $a),
                    'Closure::fromCallable' => Closure::fromCallable([$c->receiver, $c->name])(...$a),
                };
            case 'new':
                return match ($c->mode) {
                    'new' => new ($c->class)(...$a),
                    'strict new' => $s['new']($c->class, $a),
                    'newInstanceArgs' => (new ReflectionClass($c->class))->newInstanceArgs($a),
                    'reflection' => (new ReflectionClass($c->class))->newInstanceArgs($a),
                };
            case 'reconstruct':
                return match ($c->mode) {
                    'direct' => $c->receiver->__construct(...$a),
                    'strict' => $s['method']($c->receiver, '__construct', $a),
                    'reflection' => $c->rf->invokeArgs($c->receiver, $a),
                };
            case 'op':
                return self::op($c);
        }
        throw new LogicException("unknown kind {$c->kind}");
    }

    private static function op(ArgsFuzzCall $c): mixed
    {
        $o = $c->receiver;
        $v = $c->args[0];
        switch ($c->name) {
            case 'clone':
                return clone $o;
            case 'serialize':
                return serialize($o);
            case 'unserialize':
                return unserialize(is_string($v) ? $v : serialize($v));
            case 'newInstanceWithoutConstructor':
                return (new ReflectionClass($o))->newInstanceWithoutConstructor();
            case 'propertyWrite':
                $o->capacity = $v;
                return null;
            case 'propertyRead':
                return [$o->capacity ?? null, isset($o->capacity), property_exists($o, 'capacity')];
            case 'propertyUnset':
                unset($o->capacity);
                return null;
            case 'cast':
                return [(array) $o, get_object_vars($o), (bool) $o, spl_object_id($o), get_debug_type($o)];
            case 'compare':
                return [$o == $v, $o <=> $v, $o === $v];
            case 'foreachByRef':
                foreach ($o as &$x) {
                    break;
                }
                return null;
            case 'foreach':
                // Only channels that cannot block forever: closed ones end, others are
                // bounded by the watchdog (or throw where the caller cannot switch).
                $n = 0;
                foreach ($o as $k => $x) {
                    if (++$n > 3) {
                        break;
                    }
                }
                return $n;
            case 'varExport':
                return var_export($o, true);
            case 'jsonEncode':
                return json_encode($o);
            case 'closureBind':
                return Closure::bind(static fn() => 1, $o, get_class($o));
        }
        throw new LogicException("unknown op {$c->name}");
    }

    /** Runs one call with all checks. $guard: end a blocked call with the watchdog. */
    public static function exec(ArgsFuzzCall $c, bool $guard): void
    {
        $hooked = $c->kind === 'hooked';
        if ($c->needsGuard && !$guard && !(self::$sharedWatch && self::$depth === 0)) {
            // Would park until a watchdog ends it as long as chan ignores the call's own bound.
            self::$hookStats['skipped unguarded']++;
            return;
        }
        self::$stats['calls']++;
        if ($hooked) {
            self::$hookStats['calls']++;
        }
        if (self::$verbose) {
            fwrite(STDERR, "  [" . self::$context . "] " . $c->describe() . "\n");
        }
        $state = null;
        if ($guard) {
            $state = new stdClass();
            $state->done = false;
            try {
                go($c->patient || $c->selfBound ? static function () use ($state) {
                    // Patient: a call whose waits all end by themselves gets PATIENCE seconds; the
                    // last look comes after a sleep, so a call woken meanwhile finishes first.
                    for ($i = 0; $i < 8 && !$state->done; $i++) {
                        Coroutine::yield();
                    }
                    $start = microtime(true);
                    while (!$state->done) {
                        Coroutine::sleep(0.001);
                        if (!$state->done && microtime(true) - $start > self::PATIENCE) {
                            Coroutine::sleep(0.001);
                            if (!$state->done) {
                                throw new ArgsFuzzCancel(self::PATIENT_MSG);
                            }
                        }
                    }
                } : static function () use ($state) {
                    for ($i = 0; $i < 12; $i++) {
                        if ($state->done) {
                            return;
                        }
                        if ($i < 8) {
                            Coroutine::yield();
                        } else {
                            Coroutine::sleep(0.0005);
                        }
                    }
                    if (!$state->done) {
                        throw new ArgsFuzzCancel('watchdog: the call blocked');
                    }
                });
            } catch (Throwable $e) {
                self::checkThrowable($c, $e, 'go() for the watchdog');
                $state = null;
            }
        }
        $before = null;
        if ($c->typed && $c->target === 'Chan\Channel::tryPop' && $c->receiver instanceof Channel
            && $c->mode !== 'reflection') {
            $st = $c->receiver->stats();
            $before = [$st['length'], $st['pushers'], self::$stats['calls']];
        }
        $snap = $hooked ? self::snapshot($c) : null;
        $ret = null;
        $thrown = null;
        $after = null;
        try {
            $ret = self::invoke($c);
            if ($hooked) {
                self::checkHookedResource($c, $ret);
                if ($c->plan !== null) {
                    try {
                        self::followUp($c, $ret);
                    } catch (Throwable $e) {
                        $after = $e;
                    }
                }
            }
        } catch (Throwable $e) {
            $thrown = $e;
        } finally {
            if ($state) {
                $state->done = true;
            }
        }
        if (self::$verbose) {
            fwrite(STDERR, '    -> ' . ($thrown ? get_class($thrown) . ': ' . $thrown->getMessage()
                : 'returned ' . get_debug_type($ret)) . ($after ? ', then ' . get_class($after) . ': '
                . $after->getMessage() : '') . "\n");
        }
        if ($after) {
            if ($after instanceof ArgsFuzzCancel) {
                self::$stats['cancelled']++;
            }
            self::checkThrowable($c, $after, $c->describe() . ', then what the caller did with the result');
        }
        if ($hooked) {
            self::hookedOutcome($c, $ret, $thrown, $snap, $guard);
        }
        if ($thrown) {
            if ($thrown instanceof ArgsFuzzCancel) {
                self::$stats['cancelled']++;
            } else {
                self::$stats['threw']++;
            }
            self::checkThrowable($c, $thrown);
        } else {
            self::$stats['returned']++;
            self::checkReturn($c, $ret);
        }
        self::checkRefs($c, $ret, $thrown);
        if ($before && $thrown instanceof TypeError && str_starts_with($thrown->getMessage(), 'Cannot assign ')
            && self::$stats['calls'] === $before[2]) {
            // Nothing else ran in between (no destructor made calls): the value that could not
            // be stored must still be in the channel (or with its parked pusher).
            $st = $c->receiver->stats();
            if ($st['length'] !== $before[0] || $st['pushers'] !== $before[1]) {
                self::finding("lost:{$c->target}", $c->describe() . ': tryPop() threw "' . $thrown->getMessage()
                    . "\" and the value is gone: length {$before[0]} -> {$st['length']}, parked pushers "
                    . "{$before[1]} -> {$st['pushers']} (SPEC: no value accepted by push() may be lost)");
            }
        }
    }

    /** Runs calls where the caller cannot be switched or may not block (no watchdog). */
    public static function runNested(array $calls, string $context): void
    {
        if (self::$depth > 0 || !$calls) {
            return;
        }
        self::$depth++;
        $saved = self::$context;
        self::$context = "$saved / $context";
        try {
            foreach ($calls as $call) {
                self::exec($call, false);
            }
        } finally {
            self::$context = $saved;
            self::$depth--;
        }
    }

    private static function checkThrowable(ArgsFuzzCall $c, Throwable $e, string $what = ''): void
    {
        $cls = get_class($e);
        self::$thrownClasses[$cls] = (self::$thrownClasses[$cls] ?? 0) + 1;
        $msg = $e->getMessage();
        $where = $what !== '' ? $what : $c->describe();
        if ($msg === '') {
            self::finding("empty:$cls:{$c->target}", "$where threw $cls with an empty message");
        }
        if ($c->kind === 'op') {
            // PHP's own operations may throw PHP's own exceptions (e.g. unserialize()).
            return;
        }
        if (!in_array($cls, self::ALLOWED_CLASSES, true)) {
            self::finding("class:$cls:{$c->target}", "$where threw $cls (not PHP's or chan's): $msg");
        }
        if ($c->kind === 'hooked') {
            // PHP's own function: its TypeError and ValueError are compared with those of PHP's own
            // call with the same arguments (compareWithPhp()), not with chan's naming rule.
            return;
        }
        if (($e instanceof TypeError && !$e instanceof ArgumentCountError) || $e instanceof ValueError) {
            if (str_starts_with($msg, 'Cannot assign ') && str_contains($msg, 'reference held by property')) {
                return; // PHP's typed-reference check: names the property, not an argument
            }
            if (!preg_match('/^([\w\\\\:]+)\(\): Argument #(\d+) \(\$(\w+)\)/', $msg, $m)) {
                self::finding("argname:$cls:{$c->target}",
                    "$where threw $cls whose message does not name the argument as \"Argument #N (\$name)\": $msg");
                return;
            }
            [, $func, $num, $pname] = $m;
            $expected = $c->kind === 'new' || $c->kind === 'reconstruct' ? "{$c->class}::__construct" : $c->target;
            if (strcasecmp($func, $expected) !== 0) {
                self::finding("argfunc:$cls:{$c->target}", "$where threw $cls naming $func(), not $expected(): $msg");
                return;
            }
            $params = $c->rf ? $c->rf->getParameters() : [];
            $idx = (int) $num - 1;
            $p = $params[$idx] ?? (($last = end($params)) && $last->isVariadic() ? $last : null);
            if (!$p || $p->getName() !== $pname) {
                self::finding("argnum:$cls:{$c->target}",
                    "$where threw $cls naming argument #$num (\$$pname), which {$c->target}() does not have: $msg");
            }
        }
    }

    private static function typeAccepts(ReflectionType $t, mixed $v): bool
    {
        if ($t instanceof ReflectionUnionType) {
            foreach ($t->getTypes() as $sub) {
                if (self::typeAccepts($sub, $v)) {
                    return true;
                }
            }
            return false;
        }
        if (!$t instanceof ReflectionNamedType) {
            return true;
        }
        if ($v === null && $t->allowsNull()) {
            return true;
        }
        return match ($t->getName()) {
            'mixed' => true,
            'void', 'null' => $v === null,
            'int' => is_int($v),
            'float' => is_float($v),
            'bool' => is_bool($v),
            'false' => $v === false,
            'true' => $v === true,
            'string' => is_string($v),
            'array' => is_array($v),
            'iterable' => is_iterable($v),
            'callable' => is_callable($v),
            'object' => is_object($v),
            'static', 'self' => is_object($v),
            default => $v instanceof ($t->getName()),
        };
    }

    private static function checkReturn(ArgsFuzzCall $c, mixed $ret): void
    {
        $where = $c->describe();
        if ($c->kind === 'op') {
            return;
        }
        if ($c->kind === 'new') {
            if (!$ret instanceof $c->class) {
                self::finding("ret:{$c->target}", "$where returned " . get_debug_type($ret) . ", not a {$c->class}");
            }
            return;
        }
        $rt = $c->rf->getReturnType() ?? ($c->rf->hasTentativeReturnType() ? $c->rf->getTentativeReturnType() : null);
        if ($rt && !self::typeAccepts($rt, $ret)) {
            self::finding("ret:{$c->target}", "$where returned " . get_debug_type($ret) . ", declared $rt");
            return;
        }
        $bad = null;
        switch ($c->target) {
            case 'Chan\go':
                if ($ret < 1) {
                    $bad = "go() returned id $ret, SPEC says >= 1";
                }
                break;
            case 'sleep':
            case 'stream_select':
            case 'fwrite':
            case 'socket_write':
            case 'socket_send':
            case 'socket_sendto':
            case 'socket_recv':
            case 'socket_recvfrom':
            case 'proc_close':
                if (is_int($ret) && $ret < 0 && $c->name !== 'proc_close') {
                    $bad = "returned $ret < 0";
                }
                break;
            case 'Chan\Coroutine::id':
            case 'Chan\Coroutine::count':
            case 'Chan\WaitGroup::count':
                if ($ret < 0) {
                    $bad = "returned $ret < 0";
                }
                break;
            case 'Chan\Channel::count':
                if ($ret < 0 || ($c->receiver instanceof Channel && $ret > $c->receiver->capacity)) {
                    $bad = "count() = $ret outside 0..capacity";
                }
                break;
            case 'Chan\select':
                if ($ret !== null && (count($ret) !== 3 || !array_key_exists(0, $ret) || !array_key_exists(1, $ret)
                        || !is_bool($ret[2] ?? null) || !(is_int($ret[0]) || is_string($ret[0])))) {
                    $bad = 'select() returned ' . json_encode(array_map('get_debug_type', $ret))
                        . ', not [key, value, bool]';
                } elseif ($ret !== null && is_array($c->args[0] ?? null) && !array_key_exists($ret[0], $c->args[0])) {
                    $bad = "select() fired case key {$ret[0]}, which is not in \$cases";
                }
                break;
            case 'Chan\Channel::stats':
                foreach (['capacity', 'length', 'pushers', 'poppers', 'closed', 'queue'] as $k) {
                    if (!array_key_exists($k, $ret)) {
                        $bad = "stats() lacks '$k'";
                    }
                }
                break;
            case 'Chan\Coroutine::stats':
                foreach (['count', 'peak', 'switches'] as $k) {
                    if (!array_key_exists($k, $ret)) {
                        $bad = "stats() lacks '$k'";
                    }
                }
                break;
        }
        if ($bad) {
            self::finding("ret2:{$c->target}", "$where: $bad");
        }
    }

    private static function checkRefs(ArgsFuzzCall $c, mixed $ret, ?Throwable $thrown): void
    {
        if ($c->typed) {
            $t = $c->typed;
            if (!is_int($t->int) || !is_float($t->float) || !($t->chan === null || $t->chan instanceof Channel)) {
                self::finding("typedref:{$c->target}", $c->describe()
                    . ': a reference to a typed property now holds a value of another type');
            }
        }
        if ($c->watchRef && $c->target === 'Chan\Channel::tryPop' && $thrown === null && $ret === false) {
            $key = array_key_first($c->args);
            $now = $c->args[$key];
            if (!self::same($now, $c->refBefore)) {
                self::finding("trypop:{$c->target}", $c->describe()
                    . ': tryPop() returned false but changed $value (stub: it leaves $value alone)');
            }
        }
    }

    private static function same(mixed $a, mixed $b): bool
    {
        if (is_float($a) && is_float($b) && is_nan($a) && is_nan($b)) {
            return true;
        }
        if (is_array($a) && is_array($b)) {
            return true; // arrays copied with references: compared by being arrays
        }
        return $a === $b;
    }

    public static function finding(string $key, string $message): void
    {
        self::$findings++;
        $dedup = preg_replace('/\d+/', 'N', $key);
        self::$seen[$dedup] = (self::$seen[$dedup] ?? 0) + 1;
        if (self::$seen[$dedup] > 3) {
            return; // the same problem again: counted, not printed
        }
        self::say(sprintf("args_fuzz: FAIL [seed=%d iteration=%d context=%s] %s\n", self::$seed, self::$iteration,
            self::$context, $message));
        self::say(sprintf("  reproduce: php -d extension=... tests/fuzz/args_fuzz.php --seed=%d --only=%d --verbose\n",
            self::$seed, self::$iteration));
    }

    /** The fuzzer's own output: straight to STDOUT, past any output buffer a hooked call left. */
    public static function say(string $s): void
    {
        if (defined('STDOUT')) {
            fwrite(STDOUT, $s);
        } else {
            echo $s;
        }
    }

    /* ------------------------------------------------------------------ */
    /* Contexts                                                            */
    /* ------------------------------------------------------------------ */

    /** Ends every coroutine: an exception escaping one aborts the scheduler, which destroys the rest. */
    public static function reset(): void
    {
        for ($k = 0; $k < 4 && Coroutine::count() > 0; $k++) {
            try {
                go(static function () {
                    throw new ArgsFuzzCancel('reset');
                });
                run(static fn() => null);
            } catch (Throwable $e) {
                if (!$e instanceof ArgsFuzzCancel && $e->getMessage() === '') {
                    self::finding('reset-empty', 'an exception with an empty message escaped a coroutine: '
                        . get_class($e));
                }
            }
        }
        if (Coroutine::count() !== 0) {
            self::finding('reset', Coroutine::count() . ' coroutines still alive after the scheduler was aborted');
        }
    }

    private const CONTEXTS = [
        'main' => 6, 'concurrent coroutines' => 5, 'coroutine per call' => 3, 'coroutine batch' => 3, 'go batch' => 2, 'fiber' => 3,
        'fiber in coroutine' => 2, 'destructor' => 2, 'gc destructor' => 1, 'destructor in coroutine' => 1,
        'finally during abort' => 2, 'shutdown function' => 1, 'script end destructor' => 1,
    ];

    public static function iteration(int $i, ?string $forceContext = null): void
    {
        self::$iteration = $i;
        if (self::$progress !== null) {
            // Written aside and renamed: whoever reads it never sees it half-written.
            file_put_contents(self::$progress . '.tmp', "$i\n");
            rename(self::$progress . '.tmp', self::$progress);
        }
        $rng = new Random\Randomizer(new Random\Engine\Xoshiro256StarStar(hash('sha256', self::$seed . "/$i", true)));
        $contexts = [];
        foreach (self::CONTEXTS as $name => $w) {
            for ($k = 0; $k < $w; $k++) {
                $contexts[] = $name;
            }
        }
        $context = $forceContext ?? $contexts[$rng->getInt(0, count($contexts) - 1)];
        if ($forceContext === null && ($context === 'shutdown function' || $context === 'script end destructor')) {
            // Runs later, from its own generator: keep only the iteration number.
            if ($context === 'shutdown function') {
                self::$atShutdown[] = $i;
            } else {
                self::$atEnd[] = $i;
            }
            return;
        }
        $liveBefore = ArgsFuzzProbe::$live;
        $closedFirst = self::chance($rng, 20);
        self::$context = $context . ($closedFirst ? ' (channels closed first)' : '');
        $pool = self::pool($rng);
        if ($closedFirst) {
            foreach ($pool['channels'] as $ch) {
                $ch->close();
            }
        }
        $calls = [];
        $n = $rng->getInt(1, self::$batch);
        for ($k = 0; $k < $n; $k++) {
            $calls[] = self::makeCall($rng, $pool);
        }
        foreach ($pool['probes'] as $probe) {
            for ($k = $rng->getInt(0, 3); $k > 0; $k--) {
                $probe->calls[] = self::makeCall($rng, $pool);
            }
        }
        // Some probes travel in channels, so the extension releases them.
        foreach ($pool['probes'] as $k => $probe) {
            try {
                $pool['channels']['cap3 mutex, 1 value']->tryPush($probe);
            } catch (Throwable) {
            }
        }
        self::runIn($context, $calls, $pool);
        unset($calls, $probe);
        foreach ($pool['resources'] as $r) {
            if (is_resource($r)) {
                fclose($r);
            }
        }
        $pool = null;
        gc_collect_cycles();
        if ($context !== 'script end destructor') {
            self::reset();
            gc_collect_cycles();
        }
        // The hooked calls against PHP's own (no coroutine is left to switch to now), then what
        // they left open; values a comparison held are released (their destructors may queue more).
        for ($k = 0; $k < 4 && self::$pending; $k++) {
            self::resolvePending();
            gc_collect_cycles();
        }
        self::$pending = [];
        self::cleanupHooked();
        if ($context !== 'script end destructor') {
            if (ArgsFuzzProbe::$live > $liveBefore) {
                // Everything of this iteration is unreachable now: a value still alive is
                // held by a reference the extension never drops, or by a cycle the garbage
                // collector cannot see.
                self::finding('leak', (ArgsFuzzProbe::$live - $liveBefore) . ' value(s) of this iteration still'
                    . ' alive after it ended and gc_collect_cycles() ran (SPEC: no leak; cycles are collected);'
                    . ' replay with --verbose to see its calls');
                ArgsFuzzProbe::$live = $liveBefore;
            }
        }
    }

    private static function runIn(string $context, array $calls, array $pool): void
    {
        switch ($context) {
            case 'main':
            case 'shutdown function':
                foreach ($calls as $c) {
                    self::exec($c, !($c->unguardedOk && $c->unguarded));
                }
                break;

            case 'coroutine per call':
                foreach ($calls as $c) {
                    try {
                        run(static function () use ($c) {
                            self::exec($c, true);
                        });
                    } catch (ArgsFuzzCancel) {
                        self::$stats['cancelled']++;
                    } catch (Throwable $e) {
                        self::checkThrowable($c, $e, 'run() around ' . $c->describe());
                    }
                }
                break;

            case 'coroutine batch':
            case 'go batch':
                $body = static function () use ($calls) {
                    foreach ($calls as $c) {
                        self::exec($c, true);
                    }
                };
                try {
                    if ($context === 'coroutine batch') {
                        run($body);
                    } else {
                        $wg = new WaitGroup(1);
                        go(static function () use ($body, $wg) {
                            try {
                                $body();
                            } finally {
                                $wg->done();
                            }
                        });
                        $wg->wait();
                    }
                } catch (ArgsFuzzCancel) {
                    self::$stats['cancelled']++; // a blocked call was ended; the rest of the batch is skipped
                } catch (Throwable $e) {
                    self::checkThrowable($calls[0], $e, "the coroutine running the batch");
                }
                break;

            case 'concurrent coroutines':
                // The batch split over 2-4 coroutines that run at once: a call blocked in one is
                // served (or closed on, or aborted) by calls in the others; one watchdog for all.
                $groups = [];
                $g = 2 + count($calls) % 3;
                foreach ($calls as $k => $c) {
                    $groups[$k % $g][] = $c;
                }
                $state = new stdClass();
                $state->left = count($groups);
                self::$sharedWatch = true;
                try {
                    run(static function () use ($groups, $state) {
                        foreach ($groups as $group) {
                            go(static function () use ($group, $state) {
                                try {
                                    foreach ($group as $c) {
                                        self::exec($c, false);
                                    }
                                } finally {
                                    $state->left--;
                                }
                            });
                        }
                        go(static function () use ($state) {
                            for ($i = 0; $i < 40 && $state->left > 0; $i++) {
                                if ($i < 20) {
                                    Coroutine::yield();
                                } else {
                                    Coroutine::sleep(0.0005);
                                }
                            }
                            if ($state->left > 0) {
                                throw new ArgsFuzzCancel('watchdog: coroutines blocked');
                            }
                        });
                    });
                } catch (ArgsFuzzCancel) {
                    self::$stats['cancelled']++;
                } catch (Throwable $e) {
                    self::checkThrowable($calls[0], $e, 'run() around concurrent coroutines');
                } finally {
                    self::$sharedWatch = false;
                }
                break;

            case 'fiber':
                $fiber = new Fiber(static function () use ($calls) {
                    foreach ($calls as $k => $c) {
                        self::exec($c, false);
                        if ($k % 3 === 1) {
                            Fiber::suspend();
                        }
                    }
                });
                try {
                    $fiber->start();
                    while (!$fiber->isTerminated()) {
                        self::exec(self::yieldCall(), true); // coroutines run between resumes
                        $fiber->resume();
                    }
                } catch (Throwable $e) {
                    self::checkThrowable($calls[0], $e, 'the user Fiber');
                }
                break;

            case 'fiber in coroutine':
                // Started in one coroutine, resumed from another.
                $holder = new stdClass();
                $holder->fiber = new Fiber(static function () use ($calls) {
                    foreach ($calls as $c) {
                        self::exec($c, false);
                        Fiber::suspend();
                    }
                });
                try {
                    run(static function () use ($holder) {
                        $wg = new WaitGroup(2);
                        go(static function () use ($holder, $wg) {
                            try {
                                $holder->fiber->start();
                                Coroutine::yield();
                            } finally {
                                $wg->done();
                            }
                        });
                        go(static function () use ($holder, $wg) {
                            try {
                                while (!$holder->fiber->isTerminated()) {
                                    $holder->fiber->resume();
                                    Coroutine::yield();
                                }
                            } finally {
                                $wg->done();
                            }
                        });
                        $wg->wait();
                    });
                } catch (Throwable $e) {
                    self::checkThrowable($calls[0], $e, 'the coroutines driving a user Fiber');
                }
                break;

            case 'destructor':
            case 'gc destructor':
            case 'destructor in coroutine':
                $d = new ArgsFuzzDtor(static function () use ($calls) {
                    foreach ($calls as $c) {
                        self::exec($c, false);
                    }
                });
                if ($context === 'gc destructor') {
                    $d->self = $d;
                    unset($d);
                    gc_collect_cycles();
                } elseif ($context === 'destructor') {
                    unset($d);
                } else {
                    try {
                        run(static function () use (&$d) {
                            $d = null;
                        });
                    } catch (Throwable $e) {
                        self::checkThrowable($calls[0], $e, 'run() around a destructor');
                    }
                }
                break;

            case 'finally during abort':
                try {
                    run(static function () use ($calls) {
                        go(static function () use ($calls) {
                            try {
                                Coroutine::sleep(1000);
                            } finally {
                                foreach ($calls as $c) {
                                    self::exec($c, false);
                                }
                            }
                        });
                        go(static function () {
                            throw new ArgsFuzzCancel('abort');
                        });
                    });
                } catch (ArgsFuzzCancel) {
                } catch (Throwable $e) {
                    self::checkThrowable($calls[0], $e, 'run() around an abort');
                }
                break;

            case 'script end destructor':
                // Each destructor runs its batch once PHP destroys the objects at the end.
                foreach ($calls as $c) {
                    self::exec($c, false);
                }
                break;
        }
    }

    private static function yieldCall(): ArgsFuzzCall
    {
        static $c = null;
        if (!$c) {
            $c = new ArgsFuzzCall();
            $c->kind = 'static';
            $c->class = Coroutine::class;
            $c->name = 'yield';
            $c->target = 'Chan\Coroutine::yield';
            $c->mode = 'direct';
            $c->rf = new ReflectionMethod(Coroutine::class, 'yield');
        }
        return $c;
    }

    public static function summary(): void
    {
        if (self::$summaryDone) {
            return;
        }
        self::$summaryDone = true;
        self::$findingsAtSummary = self::$findings;
        $s = self::$stats;
        $line = sprintf('seed %d, %d calls (%d returned, %d threw, %d ended by the watchdog), %d warnings',
            self::$seed, $s['calls'], $s['returned'], $s['threw'], $s['cancelled'], $s['warnings']);
        if (self::$verbose) {
            arsort(self::$thrownClasses);
            fwrite(STDERR, "thrown: " . json_encode(self::$thrownClasses) . "\n");
            fwrite(STDERR, "PHP's hooked functions: " . json_encode(self::$hookStats) . "\n");
        }
        if (self::$findings) {
            self::say("args_fuzz: FAIL, " . self::$findings . " findings, $line\n");
        } else {
            self::say("args_fuzz: ok, $line\n");
        }
    }
}

/* ---------------------------------------------------------------------- */
/* Main                                                                    */
/* ---------------------------------------------------------------------- */

(static function (array $argv): void {
    $seed = null;
    $iterations = 2000;
    $only = null;
    foreach (array_slice($argv, 1) as $a) {
        if (preg_match('/^--seed=(\d+)$/', $a, $m)) {
            $seed = (int) $m[1];
        } elseif (preg_match('/^--iterations=(\d+)$/', $a, $m)) {
            $iterations = (int) $m[1];
        } elseif (preg_match('/^--only=(\d+)$/', $a, $m)) {
            $only = (int) $m[1];
        } elseif (preg_match('/^--batch=(\d+)$/', $a, $m)) {
            ArgsFuzz::$batch = max(1, (int) $m[1]);
        } elseif ($a === '--verbose') {
            ArgsFuzz::$verbose = true;
        } elseif (preg_match('/^--progress=(.+)$/', $a, $m)) {
            ArgsFuzz::$progress = $m[1];
        } else {
            fwrite(STDERR, "usage: args_fuzz.php [--seed=N] [--iterations=N] [--only=I] [--batch=N] [--verbose]"
                . " [--progress=FILE]\n");
            exit(2);
        }
    }
    ArgsFuzz::$seed = $seed ?? random_int(1, 2 ** 31 - 1);
    if (ArgsFuzz::$verbose) {
        fwrite(STDERR, "args_fuzz: seed " . ArgsFuzz::$seed . "\n");
    }

    // Warnings and notices are allowed outcomes: counted, not printed.
    set_error_handler(static function (int $no, string $str) {
        ArgsFuzz::$stats['warnings']++;
        if (ArgsFuzz::$verbose) {
            fwrite(STDERR, "    (php: $str)\n");
        }
        return true;
    });

    // stream_socket_accept() without a timeout waits default_socket_timeout: no wait at all here.
    ini_set('default_socket_timeout', '0');
    ArgsFuzz::$obBase = ob_get_level();
    ArgsFuzz::init();

    register_shutdown_function(static function () {
        foreach (ArgsFuzz::$atShutdown as $i) {
            ArgsFuzz::iteration($i, 'shutdown function');
        }
        // Registered now, so it runs after every other shutdown function (chan's included).
        register_shutdown_function(static function () {
            // Objects destroyed after the shutdown functions, at script end.
            $batches = [];
            foreach (ArgsFuzz::$atEnd as $i) {
                $batches[] = $i;
            }
            ArgsFuzz::$endHolder = new ArgsFuzzDtor(static function () use ($batches) {
                foreach ($batches as $i) {
                    ArgsFuzz::iteration($i, 'script end destructor');
                }
                if (ArgsFuzz::$findings > ArgsFuzz::$findingsAtSummary) {
                    // The summary is already out: say it again, failing.
                    ArgsFuzz::say('args_fuzz: FAIL, ' . (ArgsFuzz::$findings - ArgsFuzz::$findingsAtSummary)
                        . " more findings in destructors at script end\n");
                }
            });
            ArgsFuzz::summary();
            if (ArgsFuzz::$findings) {
                exit(1);
            }
        });
    });

    if ($only !== null) {
        ArgsFuzz::iteration($only);
    } else {
        for ($i = 0; $i < $iterations; $i++) {
            ArgsFuzz::iteration($i);
        }
    }
})($argv ?? []);
