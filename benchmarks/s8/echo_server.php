<?php
/**
 * S8: a TCP echo server on chan, in one PHP process. One coroutine accepts
 * (Chan\stream_socket_accept), one coroutine per connection reads with
 * Chan\fread($c, 65536) and writes back what it got with Chan\fwrite, until
 * the peer closes. With --tls each connection first does the TLS handshake
 * with Chan\stream_socket_enable_crypto(..., STREAM_CRYPTO_METHOD_TLS_SERVER).
 * With --read=hooked the same server is written on PHP's own blocking calls
 * only: stream_socket_accept($server, -1), fread() and fwrite() on the
 * blocking streams, which chan's stream hooks (chan.hooks) turn into parks
 * of the calling coroutine.
 *
 *   php -n -d extension=chan.so benchmarks/s8/echo_server.php [--port=0] [--host=127.0.0.1]
 *       [--tls] [--cert=FILE] [--backlog=20000] [--read-size=65536] [--read=chan|wait|hooked] [--nodelay=1]
 *
 *   --port=N        port to listen on (0: any free one)
 *   --tls           TLS on every connection, with a self-signed certificate
 *                   made in a temporary file (benchmarks/s8/cert.php)
 *   --cert=FILE     TLS with the key and certificate of this PEM file
 *   --backlog=N     listen backlog (socket context option; the kernel caps it
 *                   at net.core.somaxconn)
 *   --read-size=N   the $length of each Chan\fread
 *   --read=chan     read with Chan\fread($c, N) (the default, what S8 measures)
 *   --read=wait     read with Coroutine::waitReadable($c) and then PHP's own
 *                   fread($c, N) on the non-blocking stream (a diagnostic:
 *                   it allocates the N-byte buffer only once data is there)
 *   --read=hooked   accept, read and write with PHP's own functions on
 *                   blocking streams (\stream_socket_accept, \fread($c, N),
 *                   \fwrite), no chan call in the loop: the stream hooks do
 *                   the waiting (needs the hook family "stream" in
 *                   chan.hooks; the TLS handshake stays Chan's, PHP's own
 *                   is not hooked)
 *   --nodelay=0|1   TCP_NODELAY on accepted sockets (default 1: Go sets it on
 *                   every TCP connection, so both servers send alike)
 *
 * Prints "port N" on stdout once it listens. It runs until its stdin reaches
 * end of file or reads a line "stop", then prints one line of JSON (counters,
 * CPU, memory, chan's scheduler stats) and exits. Errors of single
 * connections (a reset peer, a failed handshake) are counted, not printed,
 * except the first few messages, which the JSON carries.
 */

declare(strict_types=1);

use Chan\Coroutine;

use function Chan\fgets;
use function Chan\fread;
use function Chan\fwrite;
use function Chan\go;
use function Chan\run;
use function Chan\stream_socket_accept;
use function Chan\stream_socket_enable_crypto;

require __DIR__ . '/cert.php';

final class S8Stats
{
    public static int $accepted = 0;
    public static int $closed = 0;
    public static int $open = 0;
    public static int $peakOpen = 0;
    /** Bytes read and written back by connections that have ended. */
    public static int $bytes = 0;
    public static int $eofCloses = 0;
    public static int $acceptErrors = 0;
    public static int $readErrors = 0;
    public static int $writeErrors = 0;
    public static int $tlsFailures = 0;
    /** @var list<string> */
    public static array $messages = [];

    public static function error(string $what): void
    {
        if (count(self::$messages) < 5) {
            $e = error_get_last();
            self::$messages[] = $what . ': ' . ($e['message'] ?? 'no message');
        }
        error_clear_last();
    }
}

/** @return array<string, string> */
function s8_server_options(array $argv): array
{
    $opt = ['host' => '127.0.0.1', 'port' => '0', 'tls' => '0', 'cert' => '', 'backlog' => '20000', 'read-size' => '65536',
        'read' => 'chan', 'nodelay' => '1'];
    foreach (array_slice($argv, 1) as $arg) {
        if ($arg === '--tls') {
            $opt['tls'] = '1';
        } elseif (preg_match('/^--([a-z-]+)=(.*)$/', $arg, $m) && array_key_exists($m[1], $opt)) {
            $opt[$m[1]] = $m[2];
        } else {
            fwrite(STDERR, "echo_server.php: unknown argument {$arg}\n");
            exit(2);
        }
    }
    if (!in_array($opt['read'], ['chan', 'wait', 'hooked'], true)) {
        fwrite(STDERR, "echo_server.php: --read must be chan, wait or hooked\n");
        exit(2);
    }
    if ($opt['read'] === 'hooked' && !in_array('stream', Chan\hooks(), true)) {
        fwrite(STDERR, 'echo_server.php: --read=hooked needs the hook family stream in chan.hooks (in force: '
            . (implode(',', Chan\hooks()) ?: 'none') . ")\n");
        exit(2);
    }
    return $opt;
}

/** One connection: echo until end of file or an error; $read as --read. */
function s8_serve($c, bool $tls, int $readSize, string $read): void
{
    S8Stats::$accepted++;
    if (++S8Stats::$open > S8Stats::$peakOpen) {
        S8Stats::$peakOpen = S8Stats::$open;
    }
    $bytes = 0;
    try {
        if ($tls && !@stream_socket_enable_crypto($c, true, STREAM_CRYPTO_METHOD_TLS_SERVER)) {
            S8Stats::$tlsFailures++;
            S8Stats::error('TLS handshake');
            return;
        }
        if ($read === 'wait') {
            stream_set_blocking($c, false);
        }
        for (;;) {
            if ($read === 'hooked') {
                // PHP's own fread on the blocking stream: the hook parks this
                // coroutine until the socket is readable, then PHP reads.
                $data = @\fread($c, $readSize);
            } elseif ($read === 'wait') {
                // PHP's fread on the non-blocking stream: "" is no data yet,
                // or end of file. feof() costs a recv(MSG_PEEK), so it is
                // asked only when "" follows a wake-up (for TLS a wake-up may
                // bring part of a record only).
                $data = @\fread($c, $readSize);
                while ($data === '') {
                    Coroutine::waitReadable($c);
                    $data = @\fread($c, $readSize);
                    if ($data === '' && feof($c)) {
                        break;
                    }
                }
            } else {
                $data = @fread($c, $readSize);
            }
            if ($data === '') {
                S8Stats::$eofCloses++;
                return;
            }
            if ($data === false) {
                S8Stats::$readErrors++;
                S8Stats::error('fread');
                return;
            }
            // Chan\fwrite, or PHP's own (parked by the hook while the socket is full).
            if (($read === 'hooked' ? @\fwrite($c, $data) : @fwrite($c, $data)) === false) {
                S8Stats::$writeErrors++;
                S8Stats::error('fwrite');
                return;
            }
            $bytes += strlen($data);
        }
    } finally {
        S8Stats::$bytes += $bytes;
        S8Stats::$open--;
        S8Stats::$closed++;
        @fclose($c);
    }
}

function s8_rss_kb(string $field): ?int
{
    $status = @file_get_contents('/proc/self/status');
    return is_string($status) && preg_match('/^' . $field . ':\s+([0-9]+) kB$/m', $status, $m) ? (int) $m[1] : null;
}

$opt = s8_server_options($argv);
$tls = $opt['tls'] === '1' || $opt['cert'] !== '';
$readSize = (int) $opt['read-size'];
$read = $opt['read'];
$ctx = ['socket' => ['backlog' => (int) $opt['backlog'], 'tcp_nodelay' => $opt['nodelay'] === '1']];
$tmpCert = null;
if ($tls) {
    $cert = $opt['cert'];
    if ($cert === '') {
        $cert = $tmpCert = s8_make_cert((string) tempnam(sys_get_temp_dir(), 's8-cert-'));
    }
    $ctx['ssl'] = ['local_cert' => $cert, 'verify_peer' => false, 'verify_peer_name' => false];
}
$server = stream_socket_server("tcp://{$opt['host']}:{$opt['port']}", $errno, $errstr,
    STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, stream_context_create($ctx));
if ($server === false) {
    fwrite(STDERR, "echo_server.php: cannot listen: {$errstr}\n");
    exit(1);
}
$name = (string) stream_socket_get_name($server, false);
$port = (int) substr($name, strrpos($name, ':') + 1);

run(static function () use ($server, $tls, $readSize, $read, $port, $tmpCert): void {
    go(static function () use ($server, $tls, $readSize, $read): void {
        for (;;) {
            $c = $read === 'hooked' ? @\stream_socket_accept($server, -1) : @stream_socket_accept($server);
            if ($c === false) {
                S8Stats::$acceptErrors++;
                S8Stats::error('accept');
                continue;
            }
            go(s8_serve(...), $c, $tls, $readSize, $read);
        }
    });
    echo "port {$port}\n";
    // Stop when told: end of file or "stop" on stdin.
    do {
        $line = fgets(STDIN);
    } while ($line !== false && trim($line) !== 'stop');
    if ($tmpCert !== null) {
        @unlink($tmpCert);
    }
    $ru = getrusage();
    $stats = Coroutine::stats();
    echo json_encode([
        'server' => 'chan',
        'read' => ['chan' => 'Chan\\fread', 'wait' => 'waitReadable + fread', 'hooked' => 'fread (hooked)'][$read],
        'hooks' => Chan\hooks(),
        'read_size' => $readSize,
        'accepted' => S8Stats::$accepted,
        'closed' => S8Stats::$closed,
        'open_at_stop' => S8Stats::$open,
        'peak_open' => S8Stats::$peakOpen,
        'bytes_echoed' => S8Stats::$bytes,
        'eof_closes' => S8Stats::$eofCloses,
        'accept_errors' => S8Stats::$acceptErrors,
        'read_errors' => S8Stats::$readErrors,
        'write_errors' => S8Stats::$writeErrors,
        'tls_failures' => S8Stats::$tlsFailures,
        'messages' => S8Stats::$messages,
        'cpu_user_s' => $ru['ru_utime.tv_sec'] + $ru['ru_utime.tv_usec'] / 1e6,
        'cpu_sys_s' => $ru['ru_stime.tv_sec'] + $ru['ru_stime.tv_usec'] / 1e6,
        'peak_rss_kb' => s8_rss_kb('VmHWM'),
        'peak_memory_usage' => memory_get_peak_usage(true),
        'coroutines_peak' => $stats['peak'],
        'switches' => $stats['switches'],
    ]), "\n";
    exit(0); // the accept loop and idle connections never end by themselves
});
