<?php
/**
 * A per-request deadline with Chan\withTimeout().
 *
 * An HTTP-style handler answers a request by asking three backends in
 * turn (a user service, an order service, a recommendation service), each
 * a coroutine reached over a channel: the handler pushes a query with a
 * reply channel and pops the answer. Instead of giving every one of these
 * waits a timeout of its own, the handler runs inside
 * withTimeout($budget, ...): the budget covers the whole request, however
 * it is spent. A wait still going at the deadline throws
 * Chan\TimeoutException, and every wait after the deadline throws at once,
 * so the handler answers 504 in time whichever backend is slow.
 *
 * The deadline belongs to the handler's context only: the backends are
 * other coroutines and finish their work (their reply channels have room
 * for the late answer, so no backend ever waits for a handler that gave
 * up).
 *
 * In Go: ctx, cancel := context.WithTimeout(r.Context(), budget), with ctx
 * passed to every call; here nothing needs passing.
 *
 * Run: php -d extension=chan.so examples/request_deadline.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use Chan\TimeoutException;

use function Chan\withTimeout;

/**
 * A backend: answers each query on its own coroutine after the latency
 * the query asks for (a stand-in for a network call), until $queries is
 * closed.
 */
function backend(string $name, Channel $queries): void
{
    $inFlight = new Group();
    foreach ($queries as [$query, $latency, $reply]) {
        $inFlight->go(function () use ($name, $query, $latency, $reply) {
            Coroutine::sleep($latency);
            $reply->push("$name($query)");
        });
    }
    $inFlight->wait();
}

/** Asks a backend and waits for its answer: two channel waits. */
function ask(Channel $backend, string $query, float $latency): string
{
    $reply = new Channel(1);    // room for an answer nobody waits for any more
    $backend->push([$query, $latency, $reply]);
    return $reply->pop();
}

/**
 * The handler: a response line for $request, within $budget seconds.
 * @param array<string, Channel> $backends
 */
function handle(array $request, array $backends, float $budget): string
{
    $step = 'start';
    try {
        return withTimeout($budget, function () use ($request, $backends, &$step): string {
            $parts = [];
            foreach (['users', 'orders', 'recommendations'] as $service) {
                $step = $service;
                $parts[] = ask($backends[$service], $request['user'], $request['latency'][$service]);
            }
            return "200 OK: " . implode(', ', $parts);
        });
    } catch (TimeoutException $e) {
        return "504 Gateway Timeout: the deadline passed while waiting for $step";
    }
}

$backends = [];
$services = new Group();
foreach (['users', 'orders', 'recommendations'] as $name) {
    $backends[$name] = new Channel();
    $services->go('backend', $name, $backends[$name]);
}

$requests = [
    // Every backend answers quickly: well within the budget.
    ['user' => 'alice', 'latency' => ['users' => 0.01, 'orders' => 0.02, 'recommendations' => 0.01]],
    // The order service is slow today: the request gives up at its deadline.
    ['user' => 'bob', 'latency' => ['users' => 0.01, 'orders' => 0.6, 'recommendations' => 0.01]],
];
foreach ($requests as $request) {
    $started = hrtime(true);
    echo "GET /dashboard?user={$request['user']} -> ", handle($request, $backends, 0.3), "\n";
    $took = (hrtime(true) - $started) / 1e9;
    // The handler never runs much past its budget (generous margin: the
    // machine may be busy).
    echo "  answered within its budget: ", $took < 0.3 + 0.25 ? "yes" : "no ($took s)", "\n";
}

// Shut the backends down; the slow order query is still finishing.
foreach ($backends as $queries) {
    $queries->close();
}
$services->wait();
echo "backends stopped, live coroutines: ", Coroutine::count(), "\n";
