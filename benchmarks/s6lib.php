<?php
/**
 * What benchmarks/s6.php (S6, HTTP server) and benchmarks/s6db.php (S6-DB,
 * the HTTP server on a database) share: a server in its own process under a
 * raised file limit, shell commands under that limit, one ab run and its
 * ceiling, milliseconds for the tables.
 */

declare(strict_types=1);

require_once __DIR__ . '/lib.php';

/** A server in its own process; the scripts' shutdown functions stop whatever is left. */
final class S6Proc
{
    /** @var array<int, S6Proc> */
    public static array $running = [];

    /** @var resource */
    private $proc;
    /** @var resource its stdout, kept open until it has stopped (it prints on the way out too) */
    private $stdout;
    public int $pid;
    public ?string $addr = null;
    private string $stderrFile;
    /** What it wrote on stderr, read by stop() before the file goes */
    public string $finalStderr = '';

    /**
     * Starts $argv under `ulimit -n $nofile` and, with $listens, waits up to
     * $wait s until it listens: it prints "listening on http://ADDR/" first
     * ($addr null), or accepts connections on $addr.
     *
     * @param list<string> $argv
     * @param array<string, string> $env added to this process's environment ([]: inherited as is)
     */
    public function __construct(public readonly string $name, array $argv, int $nofile, array $env = [],
        int $wait = 10, bool $listens = true, ?string $addr = null)
    {
        $this->stderrFile = tempnam(sys_get_temp_dir(), 's6-proc-');
        // exec: the shell becomes the server, so the pid is the server's.
        $cmd = array_merge(['sh', '-c', "ulimit -n $nofile && exec \"\$0\" \"\$@\""], $argv);
        $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $this->stderrFile, 'w']],
            $pipes, null, $env === [] ? null : $env + getenv());
        bench_check(is_resource($proc), "cannot start $name");
        $this->proc = $proc;
        $this->stdout = $pipes[1];
        $this->pid = proc_get_status($proc)['pid'];
        self::$running[$this->pid] = $this;
        if (!$listens) {
            return;
        }
        if ($addr === null) {
            stream_set_timeout($pipes[1], $wait);
            $line = (string) fgets($pipes[1]);
            if (!preg_match('~http://([0-9.]+:[0-9]+)/~', $line, $m)) {
                bench_fail("$name did not start: " . trim($line . ' ' . $this->stderr()));
            }
            $addr = $m[1];
        } else {
            $deadline = microtime(true) + $wait;
            while (!($probe = @stream_socket_client("tcp://$addr", $errno, $errstr, 1))) {
                bench_check(microtime(true) < $deadline, "$name does not accept connections on $addr: " . $this->stderr());
                usleep(50000);
            }
            fclose($probe);
        }
        $this->addr = $addr;
    }

    public function alive(): bool
    {
        return proc_get_status($this->proc)['running'];
    }

    /** Seconds of CPU the process has used so far (user + system). */
    public function cpuSeconds(): float
    {
        $stat = (string) @file_get_contents("/proc/{$this->pid}/stat");
        // Fields after the ")" that ends the command name: utime is the 12th, stime the 13th.
        $fields = explode(' ', substr($stat, strrpos($stat, ')') + 2));
        return ((int) ($fields[11] ?? 0) + (int) ($fields[12] ?? 0)) / s6_clock_ticks();
    }

    /** Peak resident set size in bytes (VmHWM). */
    public function peakRss(): int
    {
        $status = (string) @file_get_contents("/proc/{$this->pid}/status");
        return preg_match('/^VmHWM:\s+([0-9]+) kB$/m', $status, $m) ? (int) $m[1] * 1024 : 0;
    }

    public function stderr(): string
    {
        return trim((string) @file_get_contents($this->stderrFile));
    }

    /** Sends $signal, waits up to 15 s (then SIGKILL); the exit code. */
    public function stop(int $signal = SIGTERM): int
    {
        if (!isset(self::$running[$this->pid])) {
            return -1;
        }
        unset(self::$running[$this->pid]);
        proc_terminate($this->proc, $signal);
        $deadline = microtime(true) + 15;
        while (($st = proc_get_status($this->proc))['running'] && microtime(true) < $deadline) {
            usleep(20000);
        }
        if ($st['running']) {
            proc_terminate($this->proc, SIGKILL);
            $st = ['exitcode' => -9];
        }
        fclose($this->stdout);
        proc_close($this->proc);
        $this->finalStderr = $this->stderr();
        @unlink($this->stderrFile);
        return $st['exitcode'];
    }
}

function s6_clock_ticks(): int
{
    static $ticks = null;
    return $ticks ??= (int) trim((string) shell_exec('getconf CLK_TCK')) ?: 100;
}

/** Runs a shell command under the raised file limit: [exit status, output (stdout and stderr)]. */
function s6_sh(string $cmd, int $nofile): array
{
    $out = [];
    exec('sh -c ' . escapeshellarg("ulimit -n $nofile && $cmd") . ' 2>&1', $out, $rc);
    return [$rc, implode("\n", $out)];
}

/**
 * One ab run on $server's $path: the figures of ab's report, and the
 * server's CPU time. ab gives up on the first hard error ("apr_socket_recv:
 * Connection reset by peer"); with $abortCounts that run counts every
 * request it did not complete as failed, without it the run is fatal.
 */
function s6_ab(S6Proc $server, string $path, int $c, int $n, int $nofile, bool $abortCounts): array
{
    $cmd = "ab -q -c $c -n $n http://{$server->addr}$path";
    $cpu0 = $server->cpuSeconds();
    $t0 = microtime(true);
    [$rc, $out] = s6_sh("exec $cmd", $nofile);
    $wall = microtime(true) - $t0;
    $cpu = $server->cpuSeconds() - $cpu0;
    bench_check($rc === 0 || str_contains($out, 'Requests per second') || ($abortCounts && str_contains($out, 'apr_')),
        "`$cmd` failed (exit $rc): " . substr($out, -2000));
    $num = static fn (string $re): ?float => preg_match($re, $out, $m) ? (float) $m[1] : null;
    $r = [
        'rps' => $num('/^Requests per second:\s+([0-9.]+)/m'),
        'complete' => (int) $num('/^Complete requests:\s+([0-9]+)/m'),
        'failed' => (int) $num('/^Failed requests:\s+([0-9]+)/m'),
        'failed_detail' => preg_match('/^\s+\((Connect: .*)\)$/m', $out, $m) ? $m[1] : '',
        'non2xx' => (int) $num('/^Non-2xx responses:\s+([0-9]+)/m'),
        'p50' => $num('/^\s+50%\s+([0-9]+)/m'),
        'p99' => $num('/^\s+99%\s+([0-9]+)/m'),
        'max' => $num('/^\s+100%\s+([0-9]+)/m'),
        // ab's own time to get a connection going: min, mean, [+/-sd], median, max.
        'connect' => preg_match('/^Connect:\s+([0-9]+)\s+([0-9]+)\s+[0-9.]+\s+([0-9]+)\s+([0-9]+)/m', $out, $m)
            ? [(int) $m[2], (int) $m[4]] : null,
        'cpu' => $cpu,
        'wall' => $wall,
        'cmd' => $cmd,
    ];
    if ($r['rps'] === null) {
        // ab gave up on a hard error: every request it did not complete failed.
        $r['rps'] = 0.0;
        $r['failed'] = $n - $r['complete'];
        $r['failed_detail'] = 'ab stopped: ' . trim((string) preg_replace('/^.*\n/s', '', trim($out)));
    }
    return $r;
}

/**
 * ab's ceiling with a handler of $delay s and at most $cap requests served at
 * once: the first request alone, then rounds of min($c, $cap).
 */
function s6_ab_ceiling(int $c, int $n, float $delay, int $cap = PHP_INT_MAX): float
{
    return $n / ($delay * (1 + ceil(($n - 1) / min($c, $cap))));
}

/** Milliseconds for the tables: a whole number, or "-" for none. */
function s6_ms(?float $v): string
{
    return $v === null ? '-' : bench_int($v);
}

/** Ctrl-C and SIGTERM end the script with exit(130), so that its shutdown function stops the servers. */
function s6_exit_on_signals(): void
{
    pcntl_async_signals(true);
    foreach ([SIGINT, SIGTERM] as $signal) {
        pcntl_signal($signal, static function () {
            fwrite(STDERR, "\ninterrupted: stopping the servers\n");
            exit(130);
        });
    }
}

/** Prints the report with $warnings at its end, and writes it to $out unless that is "-". */
function s6_write_report(string $md, array $warnings, string $out): void
{
    if ($warnings) {
        $md .= "\n" . implode("\n\n", $warnings) . "\n";
    }
    bench_write_report($md, $out);
}

/** What the report's first paragraph says of the run: when, the load, PHP, chan.so, the work tree, the CPUs, ab. */
function s6_environment(string $so, string $root): array
{
    return [
        'date' => gmdate('Y-m-d H:i') . ' UTC',
        'load_start' => bench_loadavg(),
        'php' => PHP_VERSION,
        'so' => sprintf('%s (sha1 %s)', bench_path($so), substr((string) sha1_file($so), 0, 12)),
        'git' => trim((string) shell_exec('git -C ' . escapeshellarg($root) . ' describe --always --dirty 2>/dev/null')),
        'cpus' => (int) trim((string) shell_exec('nproc')),
        'somaxconn' => trim((string) @file_get_contents('/proc/sys/net/core/somaxconn')),
        'ab' => preg_match('/(ApacheBench, Version [0-9.]+)/', (string) shell_exec('ab -V 2>&1'), $m) ? $m[1] : 'ab',
    ];
}

/**
 * The Go reference server of S6 and benchmarks/idle_memory.php, built once:
 * net/http on a free port of 127.0.0.1, printing "listening on
 * http://ADDR/", answering "hello: METHOD PATH" after -delay (0 by default;
 * S6 gives 1s, as examples/http_server.php's --delay). Its path, or null
 * without `go`.
 */
function s6_build_go(): ?string
{
    return bench_build_go('s6', <<<'GO'
        package main

        import (
        	"flag"
        	"fmt"
        	"net"
        	"net/http"
        	"time"
        )

        func main() {
        	delay := flag.Duration("delay", 0, "how long each request waits in the handler")
        	flag.Parse()
        	ln, err := net.Listen("tcp", "127.0.0.1:0")
        	if err != nil {
        		panic(err)
        	}
        	fmt.Printf("listening on http://%s/\n", ln.Addr())
        	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
        		time.Sleep(*delay)
        		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
        		fmt.Fprintf(w, "hello: %s %s\n", r.Method, r.URL.Path)
        	})
        	panic(http.Serve(ln, nil))
        }
        GO);
}

