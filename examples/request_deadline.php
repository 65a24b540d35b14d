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
 * The budget is generous (2 s) against backends that answer in
 * milliseconds, and the slow backend does not merely take longer than the
 * budget: it hangs until it is shut down. So a slow or busy machine prints
 * the same.
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

use function Chan\select;
use function Chan\withTimeout;

/**
 * A backend: answers each query on its own coroutine after the latency
 * the query asks for (a stand-in for a network call), until $queries is
 * closed. A query whose latency is null hangs: it is answered only when
 * the backend shuts down, long after anyone waits for it.
 */
function backend(string $name, Channel $queries): void
{
    $inFlight = new Group();
    $stopping = new Channel();      // closed when the backend shuts down
    foreach ($queries as [$query, $latency, $reply]) {
        $inFlight->go(function () use ($name, $query, $latency, $reply, $stopping) {
            if ($latency === null) {
                select([$stopping]);    // Go's <-stopping: returns once it is closed
                echo "  ($name answers $query only now, at shutdown: nobody waits for it)\n";
            } else {
                Coroutine::sleep($latency);
            }
            $reply->push("$name($query)");
        });
    }
    $stopping->close();
    $inFlight->wait();
}

/** Asks a backend and waits for its answer: two channel waits. */
function ask(Channel $backend, string $query, ?float $latency): string
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

$budget = 2.0;   // seconds for a whole request
$requests = [
    // Every backend answers within milliseconds: well within the budget.
    ['user' => 'alice', 'latency' => ['users' => 0.01, 'orders' => 0.02, 'recommendations' => 0.01]],
    // The order service hangs on this query: the request gives up at its deadline.
    ['user' => 'bob', 'latency' => ['users' => 0.01, 'orders' => null, 'recommendations' => 0.01]],
];
foreach ($requests as $request) {
    $started = hrtime(true);
    echo "GET /dashboard?user={$request['user']} -> ", handle($request, $backends, $budget), "\n";
    $took = (hrtime(true) - $started) / 1e9;
    // The handler never runs much past its budget (a generous margin: the
    // machine may be busy).
    echo "  answered within its budget: ", $took < $budget + 1.0 ? "yes" : "no ($took s)", "\n";
}

// Shut the backends down; the order query that hung is answered only now.
foreach ($backends as $queries) {
    $queries->close();
}
$services->wait();
echo "backends stopped, live coroutines: ", Coroutine::count(), "\n";
