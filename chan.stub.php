<?php

/**
 * The public contract is ../shared/SPEC.md; these doc comments record the
 * decisions it leaves open. chan needs PHP 8.2 or later (as config.m4,
 * package.xml and composer.json say); it is tested on 8.2, 8.4, 8.5 and 8.6.
 * Regenerate chan_arginfo.h with scripts/gen-stub.sh.
 *
 * @generate-class-entries
 */

namespace Chan {
    /**
     * Queues $fn as a new coroutine at the tail of the run queue and returns
     * its id (>= 1) at once; it starts when the caller blocks, yields or ends.
     * Named arguments are passed on. Coroutines started at script end (by
     * shutdown functions or destructors) still run before the request ends;
     * once the extension has shut down for the request, go() throws
     * Chan\Error. Each live coroutine is charged 4 KiB (its resident stack
     * page, outside the Zend heap) against memory_limit from go() until it
     * ends, so memory_get_usage() counts it and a go() beyond the limit is
     * PHP's "Allowed memory size ... exhausted" fatal error.
     *
     * Every blocking call (push, pop, sleep, yield, wait, run) throws
     * Chan\Error where the context cannot switch: inside a Fiber the
     * scheduler does not own, inside a destructor, inside a coroutine that is
     * being destroyed. A $timeout of INF means null (wait forever).
     *
     * The blocking calls are also where cancellation (Coroutine::cancel())
     * and withTimeout() deadlines are delivered: Channel::push(), pop() and
     * foreach over a channel, select(), WaitGroup::wait(), Group::go() and
     * Group::wait(), Coroutine::sleep(), yield(), waitReadable(),
     * waitWritable() and the stream helpers. Each is a checkpoint on entry,
     * whether or not it would have to wait, $timeout = 0 included (as in
     * Trio): a pending cancellation or a passed deadline throws there, so a
     * loop that never waits still ends. tryPush(), tryPop() and calls that
     * never block (count(), close(), go(), WaitGroup::add()) are no
     * checkpoints.
     *
     * Teardown: when an exception escapes a coroutine, the others are
     * destroyed with their finally blocks run; a coroutine started by one of
     * those finally blocks never runs. exit() (anywhere, a finally block
     * included) destroys the others without running their finally blocks,
     * as PHP's exit() does for the main script. When main dies of an uncaught
     * exception of its own, the coroutines still alive are destroyed after
     * the "Uncaught" fatal error, as PHP destroys suspended Fibers then:
     * their finally blocks run (one a coroutine let escape had them
     * destroyed before it reached main). After a fatal error (E_ERROR,
     * memory_limit) no PHP code runs: they are dropped.
     *
     * Deadlock: the Chan\DeadlockError message is "all coroutines are asleep
     * - deadlock!", a blank line, then one line per blocked context, main
     * first, then coroutines oldest first: "coroutine 7 [Chan\Channel::pop]
     * at /app/worker.php:12, created at /app/pool.php:30", naming the call
     * it is blocked in, the line of PHP code that made it, and where the
     * go() (Group::go(), run()) that created the coroutine was called (at
     * most 32 lines, then "... and N more"); go() notes that file and line
     * as it starts a coroutine.
     * The coroutines are destroyed (finally blocks run) before it is
     * thrown. Coroutines left blocked forever at script end are destroyed
     * after one warning carrying the same lines.
     */
    function go(callable $fn, mixed ...$args): int {}

    /**
     * Runs $fn as a coroutine and returns its result once every coroutine
     * (including ones spawned before run()) has finished. Only callable from
     * main: from inside a coroutine, nested or not, it throws Chan\Error.
     * Deadlock inside throws Chan\DeadlockError; an exception escaping any
     * coroutine is rethrown from here. If $fn's coroutine ends by its own
     * cancellation (Coroutine::cancel()), run() returns null once every
     * coroutine has finished. run() is a blocking call of main: a
     * withTimeout() deadline around it throws from it (the coroutines go
     * on).
     *
     * What it leaves behind: when run() returns, no coroutine is left
     * (Coroutine::count() is 0). When it throws Chan\DeadlockError or an
     * exception that escaped a coroutine, every other coroutine has already
     * been destroyed, newest first: parked and runnable ones with their
     * finally blocks run, queued ones that never started without running;
     * Coroutine::count() is 0 and the next run() starts clean. The
     * exception's trace is the coroutine's (where it was thrown, down to its
     * function) followed by main's from its blocking call, run() here; that
     * is what PHP's "Uncaught" fatal error shows when nobody catches it.
     * When a withTimeout() deadline around run() throws, the coroutines are
     * not destroyed: they stay queued or parked, and run at main's next
     * blocking call or at script end. exit() inside ends the script as
     * described under go().
     */
    function run(callable $fn, mixed ...$args): mixed {}

    /**
     * Go's select. A case is a Channel (receive) or [Channel, $value] (send);
     * returns [$key, $value, $ok]: the key in $cases of the case that fired,
     * the value received (null for a send) and $ok = false when a receive
     * fired because its channel is closed and drained. Among ready cases one
     * is chosen uniformly at random (PHP's Mt19937: mt_srand() makes the
     * choice reproducible). $timeout 0 is Go's default: returns null at once
     * when nothing is ready; a positive $timeout returns null on expiry;
     * null waits forever. A send case on a closed channel, or one closed
     * while waiting: Chan\ClosedException. An empty $cases with no timeout
     * blocks forever (deadlock detection applies). The same channel may
     * appear in several cases; a select never meets itself (a send and a
     * receive case on one unbuffered channel do not rendezvous). Cases are
     * evaluated on entry, as in Go: reassigning a reference in $cases while
     * the select waits changes nothing. Every case is checked before any is
     * tried: a case of the wrong type gives TypeError, an array case that
     * is not a [Channel, value] pair ValueError, both naming the case's key.
     * The select keeps its own reference to each value it offers until it
     * returns, whoever decided it (a receiver taking one of them does not
     * release the others): then it drops them in case order, so a value
     * nobody else holds is destroyed when the selecting context resumes.
     *
     * @return array{0: int|string, 1: mixed, 2: bool}|null
     */
    function select(array $cases, ?float $timeout = null): ?array {}

    /*
     * Stream helpers: PHP's stream functions of the same names, for
     * coroutines. Where PHP's would block the process they park the caller
     * (Coroutine::waitReadable()/waitWritable()) and other coroutines run.
     * With the hook family "stream" on (hooks()), PHP's own functions park
     * too; what the helpers still add is a $timeout per call that throws
     * Chan\TimeoutException, and all of the data in one fwrite(). They
     * switch the stream to non-blocking mode and leave it so. $timeout is seconds for
     * the whole call (null: no limit); when it expires they throw
     * Chan\TimeoutException, and what was already done stays done. A stream
     * closed (fclose) while they wait: Chan\ClosedException. Errors of the
     * stream itself (a refused connection, a reset peer) are reported as
     * PHP's functions report them: false, with PHP's warning.
     */

    /**
     * stream_socket_accept(): the next connection on a listening socket.
     * Several coroutines may accept on one socket; each connection goes to
     * one of them.
     *
     * @param resource $socket
     * @param string $peer_name
     * @return resource|false
     */
    function stream_socket_accept($socket, ?float $timeout = null, &$peer_name = null) {}

    /**
     * stream_socket_client(): connects without blocking (the connect, and
     * for ssl:// and tls:// the TLS handshake, wait cooperatively).
     * STREAM_CLIENT_PERSISTENT is refused (ValueError): a persistent
     * connection would be shared between coroutines.
     *
     * @param int $error_code
     * @param string $error_message
     * @param resource|null $context
     * @return resource|false
     */
    function stream_socket_client(
        string $address,
        &$error_code = null,
        &$error_message = null,
        ?float $timeout = null,
        int $flags = STREAM_CLIENT_CONNECT,
        $context = null
    ) {}

    /**
     * fread(): up to $length bytes, as soon as at least one is there; "" at
     * end of file; false on a read error.
     *
     * @param resource $stream
     */
    function fread($stream, int $length, ?float $timeout = null): string|false {}

    /**
     * fgets(): one line, its "\n" included (at most $length - 1 bytes, as
     * fgets()); at end of file what is left, then false.
     *
     * @param resource $stream
     */
    function fgets($stream, ?int $length = null, ?float $timeout = null): string|false {}

    /**
     * fwrite(): all of $data (PHP's fwrite() on a non-blocking stream may
     * write only part); its length, or false on a write error (a closed
     * peer).
     *
     * @param resource $stream
     */
    function fwrite($stream, string $data, ?float $timeout = null): int|false {}

    /**
     * stream_socket_enable_crypto(): the TLS handshake (or shutdown) on a
     * connected socket, waiting cooperatively for the peer. $crypto_method
     * null takes the stream context's ssl crypto_method (ValueError when it
     * has none). true when done, false when the handshake failed.
     *
     * @param resource $stream
     * @param resource|null $session_stream
     */
    function stream_socket_enable_crypto(
        $stream,
        bool $enable,
        ?int $crypto_method = null,
        $session_stream = null,
        ?float $timeout = null
    ): bool {}

    /** @not-serializable */
    final class Coroutine
    {
        /** 0 in main, else the id go() returned. */
        public static function id(): int {}

        /**
         * Parks the caller for $seconds (a switch point even when 0: then it
         * is yield()). Negative or NAN: ValueError.
         */
        public static function sleep(float $seconds): void {}

        /** Moves the caller to the tail of the run queue. */
        public static function yield(): void {}

        /**
         * Parks the caller until $stream can be read without blocking: a
         * stream resource with a file descriptor (sockets, pipes, proc_open()
         * pipes, STDIN, pg_socket()), an ext-sockets Socket, or a connected
         * mysqli (its mysqlnd socket: after $mysqli->query($sql,
         * MYSQLI_ASYNC), wait readable, then reap_async_query()). Data already
         * in PHP's read buffer counts as readable; end of file and errors
         * count as readable too (the read that follows sees them). Other
         * coroutines run meanwhile, and the process never blocks.
         *
         * $timeout null waits as long as it takes; 0 only checks (ready:
         * returns at once, else Chan\TimeoutException); otherwise it is a
         * switch point like yield() even when the stream is ready, and
         * Chan\TimeoutException when it expires. A stream closed with
         * fclose(), pclose() or socket_close() while coroutines wait on it
         * wakes them all with Chan\ClosedException. While any context waits
         * on I/O there is no deadlock. A value without a descriptor:
         * TypeError (not a stream or a Socket, a closed stream resource) or
         * ValueError (a closed Socket; a stream with no descriptor, such as
         * php://memory or php://temp, which is not spilled to a file for
         * it). Regular files are always ready (reading them still blocks
         * the process). After fork() the child waits on a poller of its
         * own.
         *
         * @param resource|\Socket|\mysqli $stream
         */
        public static function waitReadable(mixed $stream, ?float $timeout = null): void {}

        /**
         * Parks the caller until $stream can be written without blocking; as
         * waitReadable() otherwise (a hang-up or error counts as writable).
         *
         * @param resource|\Socket|\mysqli $stream
         */
        public static function waitWritable(mixed $stream, ?float $timeout = null): void {}

        /**
         * The calling context's own ArrayObject: main's or the coroutine's,
         * the same object on every call from that context. Made on first use
         * (a coroutine that never calls it pays nothing); released when the
         * context ends, so its values are destroyed then (a coroutine's when
         * its function returns or throws, or when it ends without running;
         * main's at script end, with PHP's other objects). Not inherited:
         * a coroutine started by go() begins with an empty one of its own.
         * Where a framework keeps per-request state in a service, keep it
         * here instead when each request is a coroutine.
         */
        public static function local(): \ArrayObject {}

        /** Live coroutines, main not counted. */
        public static function count(): int {}

        /**
         * Cancels coroutine $id: one Chan\CancelledException ("Coroutine N
         * was cancelled") is thrown from the blocking call it is parked in;
         * if it is running or runnable (the caller itself included), from
         * its next blocking call (see go() for the list). A coroutine parked
         * in push() leaves without its value delivered; one parked in pop()
         * or select() takes nothing. A coroutine that has not started ends
         * without running its function. A coroutine woken by a value before
         * the cancel keeps that value: the cancellation waits for its next
         * blocking call. Delivery is once: after catching it the coroutine
         * may block again; cancelling again before delivery changes
         * nothing. The delivered exception escaping the coroutine ends it
         * quietly (no abort; in a Group, no failure); after several
         * deliveries only the latest one counts as delivered; any other exception,
         * a CancelledException made or rethrown elsewhere included, aborts
         * as usual. A coroutine being destroyed (abort, exit) is not
         * cancelled again.
         *
         * true when $id is a live coroutine (cancelled now or already
         * pending), false when there is none (finished, or never was).
         * $id 0 (main) or below: ValueError. Looking coroutines up by id
         * builds an index on first use, so go() pays nothing for it in
         * programs that never ask.
         */
        public static function cancel(int $id): bool {}

        /** Whether $id is main (0) or a coroutine that has not finished. */
        public static function exists(int $id): bool {}

        /**
         * The ids of the live coroutines (started and not finished, those
         * not started yet included), in ascending order; main not included.
         *
         * @return list<int>
         */
        public static function list(): array {}

        /**
         * The PHP backtrace of coroutine $id (0: main), in debug_backtrace()'s
         * format with its $options: from the blocking call it is parked or
         * queued in (a foreach over a channel, which makes no call of its
         * own, as a Chan\ChannelIterator->next() frame at the foreach's
         * line), down to its function, whose frame has the file and line of
         * the go() that created it (Go's "created by"; an exception escaping
         * a coroutine has it in its trace too). Of the caller itself: its own
         * backtrace, as debug_backtrace() gives it. [] for a coroutine that
         * has not started, null when there is no such coroutine.
         */
        public static function trace(int $id, int $options = DEBUG_BACKTRACE_PROVIDE_OBJECT): ?array {}

        /**
         * ['count' => live coroutines, 'peak' => most alive at once,
         *  'switches' => context switches so far, 'spawned' => coroutines
         *  started by go() and run() so far], all for the current request.
         * @return array<string, int>
         */
        public static function stats(): array {}

        private function __construct() {}

        /** @internal Registered as a shutdown function: runs coroutines still pending at script end. */
        private static function drain(): void {}
    }

    /**
     * Go's errgroup with a limit: members are coroutines started with go();
     * wait() collects their results in go() order, and the first failure
     * cancels the rest.
     *
     * @strict-properties
     * @not-serializable
     */
    final class Group
    {
        /** $limit: most members unfinished at once (null: no limit); below 1: ValueError. */
        public function __construct(?int $limit = null) {}

        /**
         * Starts a member as Chan\go() does and returns its id. It is a
         * checkpoint for cancellation on every call (a cancelled coroutine
         * starts no member); with $limit members unfinished it then parks (a
         * switch point) until one finishes. Once the group is
         * cancelled (cancel() or a failure), a member started by go() is
         * cancelled at once: it ends without running its function and has
         * no result. A member holds the group alive until it finishes.
         */
        public function go(callable $fn, mixed ...$args): int {}

        /**
         * Parks until every member has finished, members started while it
         * waits included; returns their return values keyed by go() order
         * (0, 1, ...), in that order, from every go() of this group so far.
         * A member that ended by its own cancellation (or never started)
         * has no entry; one that caught its cancellation and returned has
         * its result. The first exception that escaped a member (not its
         * own cancellation) is rethrown instead, the same object on every
         * call, once all have finished; cancel() does not hide it. Expiry
         * of $timeout: Chan\TimeoutException, the members go on. Called by
         * one of the group's own members: Chan\Error (it would wait for
         * itself). A group destroyed with a failure no wait() has thrown
         * reports it as PHP's "Uncaught" fatal error.
         */
        public function wait(?float $timeout = null): array {}

        /** Cancels every unfinished member (Coroutine::cancel()) and every member started later. */
        public function cancel(): void {}

        /** Members not yet finished. */
        public function count(): int {}
    }

    /**
     * The hook families in force (INI chan.hooks), in this order: "sleep",
     * "stream", "dns", "process", "curl", "pgsql".
     *
     * With a family in force, PHP's own blocking calls of that family made
     * in a coroutine, or in main while a coroutine lives, park only the
     * calling context and the others run meanwhile. Where nothing else
     * could run, or inside a Fiber chan does not own, they are PHP's own
     * calls, unchanged. PHP's own code does the work once the wait is over,
     * so return values, warnings, errors and stream_get_meta_data() are
     * PHP's.
     *
     * chan.hooks is "all" (the default), "none", or a comma list of family
     * names, changeable at run time (ini_set()); another value is refused
     * with a warning. This build has "sleep", "stream", "dns" and
     * "process"; the other names are accepted and stay off until a build
     * has them, and this function does not list them.
     *
     * - sleep: sleep(), usleep(), time_nanosleep(), time_sleep_until().
     *   sleep() returns 0 and time_nanosleep() true. A value PHP rejects is
     *   rejected by PHP (same error).
     * - stream: reads, writes, accept(), stream_socket_recvfrom() and
     *   stream_socket_sendto() of blocking socket streams (tcp, udp, unix,
     *   udg, ssl, tls), whatever opened them: fsockopen(),
     *   stream_socket_client()/server()/accept(), stream_socket_pair(), the
     *   http:// and https:// wrappers, mysqlnd (mysqli, PDO MySQL),
     *   phpredis, pure-PHP clients. The wait honours the stream's timeout
     *   (stream_set_timeout(), default_socket_timeout): when it passes, the
     *   call times out as PHP's does (timed_out in stream_get_meta_data()).
     *   Non-blocking streams never park. connect() parks where the
     *   address needs no lookup (an IP address, a unix socket) and fails
     *   as PHP's does ("Connection refused", "Connection timed out" after
     *   the connect timeout). stream_select() parks until one of its
     *   streams is ready or its timeout passes, and PHP's own select gives
     *   the result (return value, arrays, warnings): every stream PHP can
     *   select on takes part (sockets, pipes, STDIN; a regular file is
     *   always ready, as select() says; php://memory and other streams
     *   without a descriptor are left out with PHP's warning, as PHP
     *   leaves them out); with a non-empty $except it is PHP's own,
     *   blocking the process (the loop does not watch out-of-band data).
     *   ext-sockets: socket_read(), socket_recv(), socket_recvfrom(),
     *   socket_write(), socket_send(), socket_sendto() and socket_accept()
     *   of a blocking Socket park until PHP's call would not block, then
     *   PHP's call does the transfer; the socket's SO_RCVTIMEO/SO_SNDTIMEO
     *   bound the wait, and the call then fails as PHP's does (false,
     *   socket_last_error() 11). Still blocking: socket_connect(),
     *   socket_select(), the rest of a PHP_NORMAL_READ line after its first
     *   byte or of an MSG_WAITALL recv after its first bytes, and of a
     *   write larger than the free space of the socket's send buffer.
     *   A connect to a host name (tcp://, udp://, ssl://, tls://) looks
     *   the name up as the family "dns" does, when it is on, then connects
     *   to each address in turn as PHP does, with what is left of the
     *   timeout, and fails in PHP's words (its getaddrinfo warning, the
     *   last address's error). The TLS handshake of a blocking stream
     *   (stream_socket_enable_crypto(), an ssl:// or tls:// connect, an
     *   https:// URL, the accept of an ssl:// or tls:// server) parks
     *   between PHP's own steps, with PHP's timeout (a client's: the
     *   timeout it connected with; a server's: the stream's read timeout)
     *   and PHP's results, warnings and peer verification. A TLS server's
     *   stream_socket_accept() returns once the handshake is done, as
     *   PHP's does, so one slow client holds up that accept loop (not the
     *   process): accept on tcp:// and call stream_socket_enable_crypto()
     *   in the connection's coroutine to handshake several at once. Still
     *   blocking: the connect of an ssl:// URL to a host name with the
     *   family "dns" off, and streams PHP makes from a bare descriptor
     *   (socket_export_stream()): they block the process while they last.
     *
     * - dns: gethostbyname(), gethostbynamel() and gethostbyaddr() look up
     *   on a helper thread (up to 32 per process, started as lookups need
     *   them, never touching PHP) with
     *   PHP's own libc calls, so /etc/hosts, IPv6 and failures give PHP's
     *   results; what PHP answers without a lookup (a name over 255
     *   characters, not an address) is PHP's own, warning included. A
     *   lookup ended by cancellation or a deadline finishes on its thread,
     *   unseen. The lookup inside a tcp:// or udp:// connect to a host name
     *   (fsockopen('example.com', 80), an http:// URL, mysqli's host) is
     *   made so too (see stream). Not yet cooperative: dns_get_record(),
     *   checkdnsrr(), getmxrr(), and the lookup of an ssl:// or tls://
     *   connect: they block the process.
     * - process: reads and writes of the pipes of proc_open() and popen()
     *   (blocking ones; a pipe made non-blocking never parks), the output
     *   of exec(), system(), passthru(), shell_exec() and the backtick
     *   operator, and the waits of proc_close() and pclose(). A write parks
     *   until the child has read what it needs to go on, and writes it all,
     *   as PHP's blocking write does. proc_close() and pclose() close the
     *   parent's ends of the pipes first, as PHP does, then park until the
     *   child has exited (a pidfd), and PHP's own wait gives the status. A
     *   wait for a child ended by Coroutine::cancel() or withTimeout() kills
     *   the child and every process it started (SIGKILL; as Go's
     *   exec.CommandContext, and the shell's commands too), so the call
     *   returns at once and nothing is left running; a pipe read or write
     *   ended so fails and the pipe reads as ended, the child untouched.
     *   proc_open()'s "pty" descriptors are hooked as pipes, its "socket"
     *   ones as the stream family's sockets. Not cooperative: STDIN,
     *   php://stdin and other streams over descriptors chan did not see
     *   made; pclose() of a popen() whose child cannot be told (opened
     *   where nothing else could run, or while another thread of the
     *   process started a child too, and the child has since closed its
     *   end of the pipe) waits as PHP's does, blocking the process.
     *
     * Rules of the stream family (the process family's pipes too): one
     * context at a time per stream and direction: a second context reading (or writing) a stream on which
     * another is parked reading (writing) gets Chan\Error naming it, and
     * the first goes on undisturbed. A stream closed while contexts are
     * parked on it wakes them and their calls fail as on a reset
     * connection (the close waits until they have left PHP's stream code);
     * closing it in a destructor or during garbage collection, where no
     * switch may happen, while a context is parked on it is a fatal error.
     * A parked call is a checkpoint: Coroutine::cancel() and withTimeout()
     * end it with Chan\CancelledException / Chan\TimeoutException; PHP's
     * function then returns what it makes of the failed transfer (false, a
     * warning), and a driver that throws its own exception on it
     * (mysqli_sql_exception under MYSQLI_REPORT_STRICT, RedisException)
     * throws that one, with the chan exception as its previous (PDO throws
     * none over it): a coroutine cancelled so ends by the driver's
     * exception, not quietly. The socket is shut
     * down, so the connection is never reused half-read. An accept ended so
     * gives no "Accept failed" warning.
     *
     * @return list<string>
     */
    function hooks(): array {}

    /**
     * Calls $fn in the current context (main or a coroutine) with a deadline
     * $seconds away and returns its result. A blocking call made in this
     * context inside $fn that still waits at the deadline throws
     * Chan\TimeoutException ("The deadline of Chan\withTimeout() has
     * passed") then, select() included (it does not return null for it);
     * every blocking call after the deadline throws at once. Coroutines
     * started inside $fn do not inherit it. Nested: the earliest deadline
     * wins. The deadline is gone when $fn returns or throws. $seconds INF:
     * no deadline; 0: passed already. Negative or NAN: ValueError.
     */
    function withTimeout(float $seconds, callable $fn, mixed ...$args): mixed {}

    /**
     * A Chan\Channel of capacity 1 that receives microtime(true) once,
     * when $seconds have passed (Go's time.After), for select() and pop()
     * alike. The timer is the event loop's own, not a coroutine: it
     * delivers while any context waits or switches, and a receive on the
     * channel (pop(), select(), count(), iteration) delivers a due value
     * first. A pending timer counts as something that will happen, so a
     * context waiting on it is not deadlocked. Closing the channel stops
     * the timer; a channel nobody holds any more is freed with its timer.
     * $seconds 0: delivered at the next look; INF: never. Negative or NAN:
     * ValueError.
     */
    function after(float $seconds): Channel {}

    /**
     * A Chan\Channel of capacity 1 that receives microtime(true) every
     * $seconds (Go's time.Ticker), on the event loop's timer like after().
     * A tick that finds the buffer full is dropped, and the next one comes
     * a period after the one it replaces, skipping periods already missed,
     * so a slow reader gets at most one stale value and never a burst.
     * Close the channel to stop it (or drop every reference to it): while it
     * ticks, a context waiting on anything is not deadlocked, as in Go.
     * $seconds 0, negative or NAN: ValueError.
     */
    function tick(float $seconds): Channel {}

#ifndef PHP_WIN32
    /**
     * SIGHUP's number, and the nine constants after it theirs, for signal()
     * whether or not ext-pcntl is loaded (it defines SIGTERM and the others
     * globally; Debian ships it with the CLI only, not with php-fpm):
     * Chan\SIGTERM === SIGTERM. Not on Windows.
     *
     * @var int
     * @cvalue SIGHUP
     */
    const SIGHUP = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGINT
     */
    const SIGINT = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGQUIT
     */
    const SIGQUIT = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGUSR1
     */
    const SIGUSR1 = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGUSR2
     */
    const SIGUSR2 = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGALRM
     */
    const SIGALRM = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGTERM
     */
    const SIGTERM = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGCHLD
     */
    const SIGCHLD = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGPIPE
     */
    const SIGPIPE = UNKNOWN;
    /**
     * @var int
     * @cvalue SIGWINCH
     */
    const SIGWINCH = UNKNOWN;
#endif

    /**
     * A Chan\Channel of capacity 16 that receives the number of each of
     * $signals the process is sent (Go's signal.Notify), caught by chan
     * itself: ext-pcntl is not needed. While the channel is open the
     * signal's default action (ending the process, for SIGTERM, SIGINT,
     * SIGHUP) or SIG_IGN no longer applies; a handler installed before
     * still runs as well: pcntl_signal()'s, and the SAPI's own, so php-fpm
     * workers still stop gracefully on SIGQUIT and the CLI server still
     * stops on SIGINT. A signal that finds the buffer full is dropped.
     * Every channel listening for a signal gets it. close(), dropping
     * every reference to the channel, or the end of the request stops it
     * listening; the last channel of a signal puts back the disposition it
     * found, unless pcntl_signal() has taken the signal over since. Signals
     * are delivered while every context waits, and an open signal channel
     * counts as something that will happen: nothing is deadlocked while
     * one is open. PHP's own pcntl_signal() handlers under
     * pcntl_async_signals(true) also run while every context waits, in the
     * context that is waiting in the event loop then; an exception they
     * throw is thrown by that context's waiting call. They cannot wait
     * themselves (Chan\Error), and a hooked call they interrupt (sleep(),
     * a read) goes on waiting instead of returning early. A signal that
     * was ignored (SIGPIPE, which PHP's CLI ignores) is caught while the
     * channel is open, so a program started meanwhile (exec(), proc_open())
     * does not inherit it ignored: one writing to a closed pipe then dies
     * of SIGPIPE. No signal:
     * ArgumentCountError; SIGKILL, SIGSTOP, the fault signals SIGSEGV,
     * SIGBUS, SIGFPE and SIGILL, or a number that is no signal:
     * ValueError. On Windows: Chan\Error.
     */
    function signal(int ...$signals): Channel {}

    /**
     * @strict-properties
     * @not-serializable
     */
    final class Channel implements \Countable, \IteratorAggregate
    {
        /** The largest capacity a channel may have: 2^24. */
        /** @var int */
        public const MAX_CAPACITY = 16777216;

        public readonly int $capacity;

        /**
         * $capacity 0 is unbuffered (rendezvous). $lock picks the mutex ring
         * instead of the lock-free one; both behave the same. A capacity
         * outside 0..MAX_CAPACITY: ValueError. Calling the constructor twice:
         * Chan\Error. Instances cannot be cloned or serialized.
         */
        public function __construct(int $capacity = 0, bool $lock = false) {}

        /**
         * $timeout null waits forever, 0 never waits (Chan\TimeoutException
         * when no popper or slot is free), > 0 seconds. Negative or NAN:
         * ValueError. Closed, or closed while waiting: Chan\ClosedException
         * and the value is not delivered.
         */
        public function push(mixed $value, ?float $timeout = null): void {}

        /**
         * Buffered values first, then values of parked pushers, in FIFO
         * order. A closed channel still delivers what it holds; closed and
         * drained: Chan\ClosedException.
         */
        public function pop(?float $timeout = null): mixed {}

        /**
         * push() that never waits: false where push() would wait; on a
         * closed channel Chan\ClosedException, as push() (Go's send on a
         * closed channel is an error, not a full buffer).
         */
        public function tryPush(mixed $value): bool {}

        /**
         * pop() that never waits: stores the value in $value and returns
         * true, or returns false (and leaves $value alone) where pop() would
         * wait or the channel is closed and drained. A value that cannot be
         * stored in a typed $value gives PHP's TypeError and stays in the
         * channel.
         */
        public function tryPop(mixed &$value = null): bool {}

        /** Wakes every parked pusher and popper; true if this call closed it. */
        public function close(): bool {}

        public function isClosed(): bool {}

        /** No buffered value (always true when unbuffered). */
        public function isEmpty(): bool {}

        /** No free slot (always true when unbuffered). */
        public function isFull(): bool {}

        /** Values buffered now; parked pushers' values are not counted. */
        public function count(): int {}

        /**
         * ['capacity' => int, 'length' => int, 'pushers' => parked pushers,
         *  'poppers' => parked poppers, 'closed' => bool,
         *  'queue' => 'lockfree'|'mutex']
         * @return array<string, int|bool|string>
         */
        public function stats(): array {}

        /**
         * An iterator that pops: keys count from 0; iteration ends when the
         * channel is closed and drained. Each foreach pops afresh, so two
         * loops over one channel share its values. By reference: Chan\Error.
         */
        public function getIterator(): ChannelIterator {}
    }

    /**
     * What Channel::getIterator() returns: each step pops, as foreach over
     * the channel does; methods rewind first when nothing has yet. Made only
     * by getIterator(); it keeps its channel alive, and a cycle through it
     * (a value in the channel holding the iterator) is collected.
     * @strict-properties
     * @not-serializable
     */
    final class ChannelIterator implements \Iterator
    {
        private function __construct() {}

        public function current(): mixed {}

        public function key(): mixed {}

        public function next(): void {}

        public function valid(): bool {}

        public function rewind(): void {}
    }

    /**
     * A channel in shared memory for processes forked from one parent
     * (pcntl_fork()): made before the fork, it is the same channel in the
     * parent and every child, and a value pushed in one process is popped
     * exactly once, in any of them. The memory is an anonymous shared
     * mapping, reachable only by the processes forked after the channel was
     * made, and gone when the last of them exits or frees the channel.
     *
     * Values travel serialized (serialize()'s rules: what it refuses, it
     * throws here too, and nothing is pushed) in fixed slots of $slotSize
     * bytes; a longer serialization: ValueError and nothing is pushed. An
     * object of a class the popping process does not know pops as
     * __PHP_Incomplete_Class, as unserialize() makes it. An exception
     * from the value's own __wakeup() or __unserialize() comes out of
     * pop() and that value is gone with it.
     *
     * Blocking parks the calling coroutine (or main), never the process:
     * the others of that process keep running. A process is woken by
     * another through an eventfd made with the channel, which its event
     * loop waits on. $timeout, close() and Chan\ClosedException as for
     * Channel; close() in any process is seen by all.
     *
     * A process that dies at any instant, SIGKILL included, never corrupts
     * the channel or blocks the others for good, and no value is ever
     * delivered twice. What a death can lose is the one value it had in
     * flight: on the mutex ring ($lock = true) a value whose push() had not
     * returned or whose pop() had taken it (the robust lock its owner died
     * holding is taken over with the ring consistent); on the lock-free
     * ring the same, the survivors finishing the cell the dead process had
     * claimed (a push's becomes a hole the poppers skip, a pop's is freed
     * for pushers), the first time one of them finds the channel full or
     * empty. At most 128 processes may hold one channel at once (a process
     * that exited frees its place); one more throws Chan\Error on its
     * first use of the channel. Not available on Windows (Chan\Error).
     *
     * @strict-properties
     * @not-serializable
     */
    final class SharedChannel implements \Countable
    {
        public readonly int $capacity;

        /**
         * $capacity and $slotSize at least 1 (ValueError naming the
         * argument); a channel the machine cannot map: ValueError. Calling
         * the constructor twice: Chan\Error. Cannot be cloned or serialized.
         */
        public function __construct(int $capacity, bool $lock = false, int $slotSize = 4096) {}

        /** As Channel::push(); a value is serialized before anything waits. */
        public function push(mixed $value, ?float $timeout = null): void {}

        /** As Channel::pop(). */
        public function pop(?float $timeout = null): mixed {}

        /**
         * push() that never waits: false where push() would wait; on a
         * closed channel Chan\ClosedException, as push() (Go's send on a
         * closed channel is an error, not a full buffer).
         */
        public function tryPush(mixed $value): bool {}

        /**
         * pop() that never waits, as Channel::tryPop(); a value that a typed
         * $value refuses (TypeError) goes back to the channel's tail.
         */
        public function tryPop(mixed &$value = null): bool {}

        /** Seen by every process; true if this call closed it. */
        public function close(): bool {}

        public function isClosed(): bool {}

        /** Values buffered now, in all processes. */
        public function count(): int {}

        /**
         * As Channel::stats(), pushers and poppers counted over every
         * process, plus 'slot_size' => int and 'processes' => how many
         * processes hold the channel now.
         * @return array<string, int|bool|string>
         */
        public function stats(): array {}
    }

    /**
     * @strict-properties
     * @not-serializable
     */
    final class WaitGroup
    {
        /** A negative $count: ValueError. Called twice: Chan\Error. */
        public function __construct(int $count = 0) {}

        /**
         * A delta that takes the counter below zero (or past PHP_INT_MAX):
         * Chan\Error, counter unchanged.
         */
        public function add(int $delta = 1): void {}

        /** add(-1). */
        public function done(): void {}

        /**
         * Returns once the counter is zero (at once if it is). $timeout as
         * for Channel::pop(); expiry: Chan\TimeoutException.
         */
        public function wait(?float $timeout = null): void {}

        public function count(): int {}
    }

    class Error extends \Error {}

    class DeadlockError extends Error {}

    class Exception extends \RuntimeException {}

    class ClosedException extends Exception {}

    class TimeoutException extends Exception {}

    /** Thrown into a coroutine by Coroutine::cancel() and Group cancellation. */
    class CancelledException extends Exception {}
}
