<?php
/*
 * args_fuzz.php - argument fuzzer for chan's PHP API.
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
 * open and closed resources, arguments passed by reference and references to
 * typed properties, too few and too many arguments, unknown and duplicate
 * named arguments; through direct calls in coercive and strict mode,
 * call_user_func_array(), reflection and first-class callables; on fresh,
 * full, closed and re-constructed receivers and on receivers of the wrong
 * class.
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
 * (the scheduler's abort), so a valid huge timeout costs nothing.
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
 * Warnings and notices are allowed and counted.
 * Crashes and hangs are caught by args_fuzz.sh, which runs this in a child.
 *
 * Every iteration draws from its own generator seeded with (seed, iteration),
 * so `--seed=S --only=I` replays iteration I alone (and --iterations=I+1
 * replays everything up to it, when a failure needs the earlier state).
 *
 * Last line: "args_fuzz: ok, ..." or "args_fuzz: FAIL, N findings, ..." (exit 1).
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

    private const ALLOWED_CLASSES = [
        TypeError::class, ArgumentCountError::class, ValueError::class, Error::class,
        Chan\Error::class, Chan\DeadlockError::class, Chan\ClosedException::class,
        Chan\TimeoutException::class, ReflectionException::class, ArgsFuzzCancel::class,
    ];

    /* ------------------------------------------------------------------ */
    /* Targets                                                             */
    /* ------------------------------------------------------------------ */

    public static function init(): void
    {
        $ext = new ReflectionExtension('chan');
        foreach ($ext->getFunctions() as $f) {
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
        }
        $p['resources'][] = $mem;

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
    /* Running and checking                                                */
    /* ------------------------------------------------------------------ */

    private static function invoke(ArgsFuzzCall $c): mixed
    {
        $a = $c->args;
        $s = self::$strict;
        switch ($c->kind) {
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
        self::$stats['calls']++;
        if (self::$verbose) {
            fwrite(STDERR, "  [" . self::$context . "] " . $c->describe() . "\n");
        }
        $state = null;
        if ($guard) {
            $state = new stdClass();
            $state->done = false;
            try {
                go(static function () use ($state) {
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
        $ret = null;
        $thrown = null;
        try {
            $ret = self::invoke($c);
        } catch (Throwable $e) {
            $thrown = $e;
        } finally {
            if ($state) {
                $state->done = true;
            }
        }
        if (self::$verbose) {
            fwrite(STDERR, '    -> ' . ($thrown ? get_class($thrown) . ': ' . $thrown->getMessage()
                : 'returned ' . get_debug_type($ret)) . "\n");
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
        printf("args_fuzz: FAIL [seed=%d iteration=%d context=%s] %s\n", self::$seed, self::$iteration,
            self::$context, $message);
        printf("  reproduce: php -d extension=... tests/fuzz/args_fuzz.php --seed=%d --only=%d --verbose\n",
            self::$seed, self::$iteration);
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
        }
        if (self::$findings) {
            echo "args_fuzz: FAIL, ", self::$findings, " findings, $line\n";
        } else {
            echo "args_fuzz: ok, $line\n";
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
                    echo "args_fuzz: FAIL, ", ArgsFuzz::$findings - ArgsFuzz::$findingsAtSummary,
                        " more findings in destructors at script end\n";
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
