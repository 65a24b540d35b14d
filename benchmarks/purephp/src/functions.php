<?php
/**
 * Chan\go(), Chan\run() and Chan\select() in pure PHP.
 */

declare(strict_types=1);

namespace PurePhp\Chan;

/**
 * Queues $fn as a new coroutine at the tail of the run queue and returns its
 * id (>= 1) at once; it starts when the caller blocks, yields or ends.
 */
function go(callable $fn, mixed ...$args): int
{
    return Scheduler::spawn($fn, $args)->id;
}

/**
 * Runs $fn as a coroutine and returns its result once every coroutine has
 * finished. Only from main.
 */
function run(callable $fn, mixed ...$args): mixed
{
    if (Scheduler::$inRun || Scheduler::$cur !== Scheduler::$main) {
        throw Util::at(new Error('Chan\run() cannot be called from inside a coroutine'));
    }
    Scheduler::canBlock();
    $co = Scheduler::spawn($fn, $args);
    $co->keep = true;
    Scheduler::$inRun = true;
    $why = Scheduler::waitAll();
    Scheduler::$inRun = false;
    $result = null;
    if ($co->state === Scheduler::DEAD) {
        if ($why === Scheduler::W_OK) {
            $result = $co->retval;
        }
        $co->retval = null;
    } else {
        $co->keep = false;
    }
    if ($why !== Scheduler::W_OK) {
        $result = null;
        Scheduler::raise($why);
    }
    return $result;
}

/**
 * Go's select. A case is a Channel (receive) or [Channel, $value] (send);
 * returns [$key, $value, $ok], or null for the default ($timeout 0) or an
 * expired timeout. One pass finds the ready cases; when there are several,
 * one mt_rand(0, ready - 1) picks among them: exactly the draw the extension
 * makes (php_mt_rand_range), so mt_srand() reproduces its choices.
 *
 * @return array{0: int|string, 1: mixed, 2: bool}|null
 */
function select(array $cases, ?float $timeout = null): ?array
{
    $timeout = $timeout === null ? -1.0 : Scheduler::timeoutArg('Chan\select(): Argument #2 ($timeout)', $timeout);

    // Every case is checked (and evaluated) before any is tried.
    $chs = [];
    $vals = [];
    $isSend = [];
    $keys = [];
    $n = 0;
    foreach ($cases as $key => $arg) {
        $ch = $arg;
        $send = false;
        $val = null;
        if (\is_array($arg)) {
            if (\count($arg) !== 2 || !\array_key_exists(0, $arg) || !\array_key_exists(1, $arg)) {
                throw Util::at(new \ValueError('Chan\select(): Argument #1 ($cases) case ' . selectCaseName($key)
                    . ' must be a Chan\Channel or a [Chan\Channel, value] pair'));
            }
            $ch = $arg[0];
            $val = $arg[1];
            $send = true;
        }
        if (!$ch instanceof Channel) {
            throw Util::at(new \TypeError('Chan\select(): Argument #1 ($cases) case ' . selectCaseName($key)
                . ' must be a Chan\Channel or a [Chan\Channel, value] pair, ' . Util::typeName($ch) . ' given'));
        }
        $chs[$n] = $ch;
        $vals[$n] = $val;
        $isSend[$n] = $send;
        $keys[$n] = $key;
        $n++;
    }

    // One pass finds the ready cases, one random draw picks among them.
    $ready = [];
    $nready = 0;
    for ($i = 0; $i < $n; $i++) {
        if ($isSend[$i] ? $chs[$i]->_sendReady() : $chs[$i]->_recvReady()) {
            $ready[$nready++] = $i;
        }
    }
    if ($nready > 0) {
        $c = $ready[$nready === 1 ? 0 : \mt_rand(0, $nready - 1)];
        if ($isSend[$c]) {
            if ($chs[$c]->_send($vals[$c]) === Channel::OP_CLOSED) {
                throw Util::at(new ClosedException('Cannot send to a closed channel in select'));
            }
            return [$keys[$c], null, true];
        }
        $r = $chs[$c]->_recv($v);
        return $r === Channel::OP_OK ? [$keys[$c], $v, true] : [$keys[$c], null, false];
    }

    if ($timeout == 0) {
        return null; // Go's default:
    }
    Scheduler::canBlock();

    // Park on every case at once.
    $self = Scheduler::$cur;
    $ws = [];
    for ($i = 0; $i < $n; $i++) {
        $w = new Waiter($self);
        $w->index = $i;
        if ($isSend[$i]) {
            $w->value = $vals[$i];
            $chs[$i]->senders->push($w);
        } else {
            $chs[$i]->receivers->push($w);
        }
        $ws[$i] = $w;
    }
    $why = Scheduler::wait(null, $ws, $timeout);
    $fired = $self->fired;
    $v = $why === Scheduler::W_OK && !$isSend[$fired] ? $ws[$fired]->value : null;
    // The values this select offered are its own until it returns, and go
    // then in case order, as the extension releases them (the waiters let
    // go first, so that $vals holds the last references).
    foreach ($ws as $w) {
        $w->value = null;
    }
    if ($why === Scheduler::W_OK) {
        return [$keys[$fired], $v, true];
    }
    if ($why === Scheduler::W_CLOSED) {
        if ($isSend[$fired]) {
            throw Util::at(new ClosedException('The channel was closed while sending in select'));
        }
        return [$keys[$fired], null, false];
    }
    if ($why === Scheduler::W_TIMEOUT) {
        return null;
    }
    Scheduler::raise($why);
    return null;
}

/** @internal A case's key as the extension names it in errors: 3 or 'name' (at most 48 bytes). */
function selectCaseName(int|string $key): string
{
    return \is_int($key) ? (string) $key : "'" . \substr($key, 0, 48) . "'";
}
