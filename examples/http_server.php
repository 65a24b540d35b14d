<?php
/**
 * A small HTTP/1.1 server: one coroutine per connection.
 *
 * The accept loop runs in a coroutine and starts a new coroutine for every
 * connection it accepts. Each connection coroutine reads requests with
 * Chan\fgets() and Chan\fread() and answers with Chan\fwrite(): where PHP's
 * own functions would block the whole process, these park only the calling
 * coroutine, so thousands of connections wait side by side in one process
 * and an idle connection costs no CPU at all.
 *
 * What it speaks: a request line, headers, a body of Content-Length bytes
 * (no chunked bodies); keep-alive for HTTP/1.1 unless the client sends
 * "Connection: close"; HTTP/1.0 connections are closed after one response.
 * The handler waits --delay seconds (Chan\Coroutine::sleep(), not sleep():
 * the other connections go on meanwhile), computes --work rounds of md5()
 * (default 0: CPU work, which --workers spreads over the CPUs), then
 * answers with a short text.
 *
 * Run:  php -d extension=modules/chan.so examples/http_server.php --port=8080 --delay=1.0
 *       curl -i http://127.0.0.1:8080/hello
 * (PORT and DELAY in the environment work too; --port=0 picks a free port.)
 * SIGTERM or SIGINT (Ctrl-C) stops it gracefully, through Chan\signal():
 * no new connections, requests in flight are answered (for at most --grace
 * seconds, default 10; connections still open then are shut down), then
 * exit status 0.
 *
 * --workers=N (needs ext-pcntl) forks N worker processes, each with its own
 * listening socket on the same port (SO_REUSEPORT: the kernel spreads the
 * connections over them) and its own coroutines; the parent only waits.
 * SIGTERM or SIGINT to the parent stops every worker gracefully, and the
 * parent exits 0 once they all have.
 *
 * Included by another script (as tests/examples/http_server.phpt does), the
 * file only defines HttpServer and hello_handler(); see the end of it.
 */

declare(strict_types=1);

use Chan\Coroutine;
use Chan\TimeoutException;
use Chan\WaitGroup;

use function Chan\go;

final class HttpServer
{
    /** Longest request line or header line, in bytes. */
    private const MAX_LINE = 8192;
    private const MAX_HEADERS = 100;
    private const MAX_BODY = 1 << 20;

    /** Seconds a keep-alive connection may wait for its next request. */
    private const IDLE_TIMEOUT = 30.0;
    /** Seconds for the rest of a request once it has begun, and for a response. */
    private const IO_TIMEOUT = 10.0;
    /** Seconds between two looks of the accept loop at $this->stopping. */
    public const TICK = 0.25;

    private const REASONS = [
        200 => 'OK',
        400 => 'Bad Request',
        404 => 'Not Found',
        413 => 'Content Too Large',
        500 => 'Internal Server Error',
        501 => 'Not Implemented',
        503 => 'Service Unavailable',
        504 => 'Gateway Timeout',
    ];

    /** @var resource the listening socket */
    private $socket;
    private bool $stopping = false;
    /** Connections waiting for their next request, by resource id. */
    private array $idle = [];
    /** Every open connection, by resource id. */
    private array $conns = [];
    /** Counts the open connections, so that serve() can wait for them. */
    private WaitGroup $open;

    /**
     * @param Closure(array): array{int, string} $handler gets the request
     *   (method, target, version, headers with lower-case names, body) and
     *   returns [status, body]
     * @param int $port 0 picks a free port: see address()
     * @param int $backlog connections the kernel queues before we accept
     *   them (it caps this at net.core.somaxconn); PHP's default, 32, is
     *   too short when a thousand clients connect at once
     */
    public function __construct(
        private Closure $handler,
        string $host = '127.0.0.1',
        int $port = 8080,
        int $backlog = 4096,
        bool $reusePort = false,
        private float $grace = 10.0,
    ) {
        $context = stream_context_create(['socket' => ['backlog' => $backlog, 'so_reuseport' => $reusePort]]);
        $socket = stream_socket_server("tcp://$host:$port", $errno, $errstr,
            STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, $context);
        if ($socket === false) {
            throw new RuntimeException("cannot listen on $host:$port: $errstr");
        }
        $this->socket = $socket;
        $this->open = new WaitGroup();
    }

    /** Closes the listening socket of a server that will not serve (a copy another process serves). */
    public function close(): void
    {
        fclose($this->socket);
    }

    /** "host:port" the server listens on. */
    public function address(): string
    {
        return stream_socket_get_name($this->socket, false);
    }

    /**
     * The accept loop: call it in a coroutine. Returns once stop() was
     * called and every connection is closed: what the stop found (requests
     * in flight, idle connections closed, connections shut down when the
     * grace period ended) and how long it took.
     *
     * @return array{in_flight: int, idle: int, cut: int, seconds: float}
     */
    public function serve(): array
    {
        while (!$this->stopping) {
            try {
                // Wakes up every TICK seconds even when nobody connects, to
                // see whether stop() was called. (stop() does not close the
                // socket to wake us: see serve()'s end.)
                $conn = Chan\stream_socket_accept($this->socket, self::TICK);
            } catch (TimeoutException) {
                continue;
            }
            if ($conn === false) {
                // Typically "Too many open files". The connection stays in
                // the kernel's queue, so retrying at once would spin: give
                // the other connections time to finish.
                Coroutine::sleep(0.1);
                continue;
            }
            $this->open->add();
            $this->conns[(int) $conn] = $conn;
            go(function () use ($conn): void {
                try {
                    $this->serveConnection($conn);
                } finally {
                    unset($this->conns[(int) $conn]);
                    fclose($conn);
                    $this->open->done();
                }
            });
        }
        fclose($this->socket);
        $stopped = hrtime(true);
        $idle = count($this->idle);
        $cut = 0;
        // Close the connections that wait for a next request. A stream is
        // closed only by the coroutine that reads it: fclose() from another
        // coroutine can pull the stream away under a reader that is about to
        // resume. Shutting the socket down instead makes that reader's
        // Chan\fgets() see end of file, and it closes the connection itself.
        foreach ($this->idle as $conn) {
            stream_socket_shutdown($conn, STREAM_SHUT_RDWR);
        }
        $inFlight = count($this->conns) - $idle;
        try {
            $this->open->wait($this->grace);
        } catch (TimeoutException) {
            // Requests still in flight after the grace period: their reads
            // and writes fail from now on, and each closes its connection.
            $cut = count($this->conns);
            foreach ($this->conns as $conn) {
                stream_socket_shutdown($conn, STREAM_SHUT_RDWR);
            }
            $this->open->wait();
        }
        return ['in_flight' => $inFlight, 'idle' => $idle, 'cut' => $cut,
            'seconds' => (hrtime(true) - $stopped) / 1e9];
    }

    /**
     * Stops the server: no new connection is accepted, requests in flight
     * are answered (with "Connection: close") for up to the grace period,
     * idle connections are closed, then serve() returns. It only sets a
     * flag, which the accept loop sees within TICK seconds.
     */
    public function stop(): void
    {
        $this->stopping = true;
    }

    /** @param resource $conn */
    private function serveConnection($conn): void
    {
        for (;;) {
            $this->idle[(int) $conn] = $conn;
            try {
                // @: a client that resets the connection makes PHP print a
                // notice and fgets() return false; that is no error of ours.
                $line = @Chan\fgets($conn, self::MAX_LINE, self::IDLE_TIMEOUT);
            } catch (TimeoutException) {
                return; // idle too long
            } finally {
                unset($this->idle[(int) $conn]);
            }
            if ($line === false) {
                return; // the client closed the connection (or stop() shut it down)
            }
            try {
                $request = $this->readRequest($conn, $line);
                if ($request === null) {
                    return; // the client went away in the middle of its request
                }
                [$status, $body] = $this->handle($request);
            } catch (TimeoutException) {
                return; // a client too slow to send its request
            } catch (BadRequest $e) {
                // The request cannot be trusted, so neither can where the next
                // one starts: answer and close.
                $this->respond($conn, $e->status, $e->getMessage() . "\n", false);
                return;
            }
            $keepAlive = $request['version'] === '1.1'
                && !str_contains(strtolower($request['headers']['connection'] ?? ''), 'close')
                && !$this->stopping;
            $sent = $this->respond($conn, $status, $body, $keepAlive, $request['method'] !== 'HEAD');
            if (!$sent || !$keepAlive) {
                return;
            }
        }
    }

    /**
     * Reads the rest of a request whose first line is $line: the headers and
     * the body. null when the client closed the connection before the end.
     *
     * @param resource $conn
     * @throws BadRequest
     */
    private function readRequest($conn, string $line): ?array
    {
        if (!preg_match('~^([A-Z]+) (\S+) HTTP/(1\.[01])\r?\n$~', $line, $m)) {
            throw new BadRequest(400, 'malformed request line');
        }
        $request = ['method' => $m[1], 'target' => $m[2], 'version' => $m[3], 'headers' => [], 'body' => ''];

        for ($count = 0; ; $count++) {
            $line = @Chan\fgets($conn, self::MAX_LINE, self::IO_TIMEOUT);
            if ($line === false) {
                return null;
            }
            if ($line === "\r\n" || $line === "\n") {
                break; // the blank line that ends the headers
            }
            if ($count === self::MAX_HEADERS || !preg_match('~^([^\s:]+):[ \t]*(.*?)[ \t]*\r?\n$~', $line, $m)) {
                throw new BadRequest(400, 'malformed header');
            }
            // Names are case-insensitive; a repeated header joins its values.
            $name = strtolower($m[1]);
            $old = $request['headers'][$name] ?? null;
            $request['headers'][$name] = $old === null ? $m[2] : "$old, {$m[2]}";
        }

        if (isset($request['headers']['transfer-encoding'])) {
            throw new BadRequest(501, 'chunked bodies are not supported');
        }
        $length = $request['headers']['content-length'] ?? '0';
        if (!preg_match('~^[0-9]+$~', $length)) {
            throw new BadRequest(400, 'bad Content-Length');
        }
        if ((int) $length > self::MAX_BODY) {
            throw new BadRequest(413, 'body too large');
        }
        // Chan\fread() returns as soon as some bytes are there: loop until
        // the whole body has come.
        while (strlen($request['body']) < (int) $length) {
            $chunk = @Chan\fread($conn, (int) $length - strlen($request['body']), self::IO_TIMEOUT);
            if ($chunk === false || $chunk === '') {
                return null;
            }
            $request['body'] .= $chunk;
        }
        return $request;
    }

    /** @return array{int, string} */
    private function handle(array $request): array
    {
        try {
            return ($this->handler)($request);
        } catch (Throwable $e) {
            // An exception that escapes a coroutine ends the whole program
            // (Chan\run() rethrows it), so one bad request must stop here.
            fwrite(STDERR, "handler failed: $e\n");
            return [500, "internal error\n"];
        }
    }

    /**
     * Writes a response; false when the client has gone away. A response to
     * HEAD has the headers of the body but not the body ($withBody false).
     *
     * @param resource $conn
     */
    private function respond($conn, int $status, string $body, bool $keepAlive, bool $withBody = true): bool
    {
        $response = sprintf("HTTP/1.1 %d %s\r\n", $status, self::REASONS[$status] ?? 'Unknown')
            . "Content-Type: text/plain; charset=utf-8\r\n"
            . 'Content-Length: ' . strlen($body) . "\r\n"
            . 'Connection: ' . ($keepAlive ? 'keep-alive' : 'close') . "\r\n"
            . "\r\n"
            . ($withBody ? $body : '');
        try {
            // One write for head and body: no small packets, one wait at most.
            // A client that hung up makes it return false; @ keeps PHP's
            // "Broken pipe" notice out of the log, it is no error of ours.
            return @Chan\fwrite($conn, $response, self::IO_TIMEOUT) !== false;
        } catch (TimeoutException) {
            return false; // the client stopped reading
        }
    }
}

/** A request the server answers with an error status, then closes. */
final class BadRequest extends Exception
{
    public function __construct(public readonly int $status, string $message)
    {
        parent::__construct($message);
    }
}

/**
 * The example's handler: waits $delay seconds, as if it asked a database,
 * then says what it got.
 *
 * @return Closure(array): array{int, string}
 */
function hello_handler(float $delay, int $work = 0): Closure
{
    return function (array $request) use ($delay, $work): array {
        if ($delay > 0) {
            Coroutine::sleep($delay); // parks this request only
        }
        for ($i = 0, $h = ''; $i < $work; $i++) {
            $h = md5($h . $i); // CPU instead of a wait: what --workers spreads over CPUs
        }
        $body = "hello: {$request['method']} {$request['target']}\n";
        if ($request['body'] !== '') {
            $body .= 'body: ' . strlen($request['body']) . " bytes: {$request['body']}\n";
        }
        return [200, $body];
    };
}

/**
 * Stops $server when SIGTERM or SIGINT comes: Chan\signal() delivers them
 * into a channel, also while every coroutine waits. Returns when a signal
 * came or the channel was closed (the server stopped for another reason).
 */
function stop_on_signals(HttpServer $server, ?Chan\Channel $signals = null): void
{
    $signals ??= Chan\signal(Chan\SIGTERM, Chan\SIGINT);
    $signal = $signals->pop();
    $signals->close(); // the default action again: a second Ctrl-C ends the process
    if ($signal !== null) {
        fwrite(STDERR, "signal $signal: stopping\n");
        $server->stop();
    }
}

/** One server process: serves until SIGTERM or SIGINT ($signals: listening already). */
function http_server_run(HttpServer $server, ?Chan\Channel $signals = null): void
{
    $signals ??= Chan\signal(Chan\SIGTERM, Chan\SIGINT);
    Chan\run(function () use ($server, $signals): void {
        go('stop_on_signals', $server, $signals);
        try {
            $s = $server->serve();
            fprintf(STDERR, "stopped after %.3f s: %d requests in flight, %d answered, %d idle connections closed\n",
                $s['seconds'], $s['in_flight'], $s['in_flight'] - $s['cut'], $s['idle']);
        } finally {
            $signals->close();
        }
    });
}

/**
 * --workers=N: makes N listening sockets on one port (SO_REUSEPORT: the
 * kernel spreads the connections over them; the first picks the port when
 * --port=0) and forks N processes, each serving on its own socket. So every
 * worker listens before "listening on" is printed. The parent serves
 * nothing: it passes SIGTERM and SIGINT on to the workers and returns once
 * they all exited (1 when one did not exit 0).
 */
function http_server_workers(int $workers, Closure $handler, string $host, int $port, int $backlog, float $grace): int
{
    $servers = [];
    for ($i = 0; $i < $workers; $i++) {
        $servers[$i] = new HttpServer($handler, $host, $port, $backlog, true, $grace);
        $address = $servers[$i]->address();
        $port = (int) substr($address, strrpos($address, ':') + 1);
    }
    $signals = Chan\signal(Chan\SIGTERM, Chan\SIGINT, Chan\SIGCHLD); // before the fork: no signal is missed
    $pids = [];
    foreach ($servers as $i => $server) {
        $pid = pcntl_fork();
        if ($pid === -1) {
            throw new RuntimeException('cannot fork');
        }
        if ($pid === 0) {
            $mine = Chan\signal(Chan\SIGTERM, Chan\SIGINT); // then the parent's: no moment without a listener
            $signals->close();
            foreach ($servers as $j => $other) {
                if ($j !== $i) {
                    $other->close();
                }
            }
            http_server_run($server, $mine);
            exit(0);
        }
        $pids[$pid] = true;
    }
    foreach ($servers as $server) {
        $server->close();
    }
    echo "listening on http://$address/ with $workers workers\n";
    $status = 0;
    while ($pids) {
        $signal = $signals->pop();
        if ($signal === Chan\SIGCHLD) {
            while (($pid = pcntl_waitpid(-1, $st, WNOHANG)) > 0) {
                unset($pids[$pid]);
                if (!pcntl_wifexited($st) || pcntl_wexitstatus($st) !== 0) {
                    $status = 1;
                }
            }
            continue;
        }
        fwrite(STDERR, "signal $signal: stopping " . count($pids) . " workers\n");
        foreach (array_keys($pids) as $pid) {
            function_exists('posix_kill') ? posix_kill($pid, Chan\SIGTERM) : exec("kill -TERM $pid");
        }
    }
    $signals->close();
    return $status;
}

/** Runs the server from the command line; see the comment at the top. */
function http_server_main(): int
{
    // --port and --delay, else PORT and DELAY from the environment.
    $opt = getopt('', ['host:', 'port:', 'delay:', 'backlog:', 'workers:', 'grace:', 'work:']);
    $host = $opt['host'] ?? '127.0.0.1';
    $port = (int) ($opt['port'] ?? (getenv('PORT') ?: 8080));
    $delay = (float) ($opt['delay'] ?? (getenv('DELAY') ?: 1.0));
    $backlog = (int) ($opt['backlog'] ?? 4096);
    $workers = (int) ($opt['workers'] ?? 0);
    $grace = (float) ($opt['grace'] ?? 10.0);
    $work = (int) ($opt['work'] ?? 0);

    if ($workers > 0) {
        if (!function_exists('pcntl_fork')) {
            fwrite(STDERR, "--workers needs ext-pcntl\n");
            return 2;
        }
        $status = http_server_workers($workers, hello_handler($delay, $work), $host, $port, $backlog, $grace);
        echo "stopped\n";
        return $status;
    }
    $server = new HttpServer(hello_handler($delay, $work), $host, $port, $backlog, false, $grace);
    echo "listening on http://{$server->address()}/ (handler delay {$delay} s)\n";
    http_server_run($server);
    echo "stopped\n";
    return 0;
}

// Run only when started as a script, not when a test includes this file.
if (get_included_files()[0] === __FILE__) {
    exit(http_server_main());
}
