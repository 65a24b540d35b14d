<?php
/**
 * A small FastCGI client in plain PHP (no extension needed): one connection
 * per request to php-fpm's Unix socket, FCGI_BEGIN_REQUEST (responder, no
 * keep-conn, so php-fpm hands each request to whichever worker accepts it),
 * FCGI_PARAMS, empty FCGI_STDIN, then FCGI_STDOUT/FCGI_STDERR until
 * FCGI_END_REQUEST. Several requests may be in flight at once (poll()).
 *
 * As a library: require it and use FcgiClient. On its own, one request:
 *
 *   php fcgi_client.php SOCKET SCRIPT_FILENAME [QUERY_STRING]
 *
 * prints the HTTP status, the body and what the script sent to FCGI_STDERR.
 */

declare(strict_types=1);

final class FcgiResponse
{
    public int $status = 200;
    /** @var array<string, string> lower-case name => value */
    public array $headers = [];
    public string $body = '';
    public string $stderr = '';
    public int $appStatus = 0;
    public int $protocolStatus = 0;
    /** hrtime(true) when the request was sent and when it ended */
    public int $sentNs = 0;
    public int $doneNs = 0;
    public ?string $error = null; // transport error: no (complete) response
}

final class FcgiRequest
{
    /** @var resource */
    public $sock;
    public string $in = '';
    public string $stdout = '';
    public FcgiResponse $resp;
    public bool $done = false;

    public function __construct(public int $id, public mixed $tag)
    {
        $this->resp = new FcgiResponse();
    }
}

final class FcgiClient
{
    private const VERSION = 1;
    private const BEGIN_REQUEST = 1;
    private const END_REQUEST = 3;
    private const PARAMS = 4;
    private const STDIN = 5;
    private const STDOUT = 6;
    private const STDERR = 7;
    private const RESPONDER = 1;

    /** @var array<int, FcgiRequest> in flight, by the socket's resource id */
    private array $inFlight = [];

    public function __construct(private string $socketPath, private float $timeout = 30.0)
    {
    }

    /** @param array<string, string> $params */
    public static function params(string $scriptFilename, string $query = ''): array
    {
        return [
            'GATEWAY_INTERFACE' => 'FastCGI/1.0',
            'REQUEST_METHOD' => 'GET',
            'SCRIPT_FILENAME' => $scriptFilename,
            'SCRIPT_NAME' => '/' . basename($scriptFilename),
            'REQUEST_URI' => '/' . basename($scriptFilename) . ($query === '' ? '' : "?$query"),
            'QUERY_STRING' => $query,
            'DOCUMENT_ROOT' => dirname($scriptFilename),
            'SERVER_SOFTWARE' => 'chan-fcgi-client',
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'SERVER_NAME' => 'localhost',
            'SERVER_PORT' => '80',
            'REMOTE_ADDR' => '127.0.0.1',
            'REMOTE_PORT' => '9999',
            'CONTENT_LENGTH' => '0',
            'CONTENT_TYPE' => '',
        ];
    }

    private static function record(int $type, int $id, string $content): string
    {
        $len = strlen($content);
        $pad = (8 - $len % 8) % 8;
        return pack('CCnnCx', self::VERSION, $type, $id, $len, $pad) . $content . str_repeat("\0", $pad);
    }

    private static function nvLen(int $n): string
    {
        return $n < 128 ? chr($n) : pack('N', $n | 0x80000000);
    }

    /** Sends a request; its response comes from wait()/collect(). */
    public function send(array $params, mixed $tag = null, int $id = 1): FcgiRequest
    {
        $req = new FcgiRequest($id, $tag);
        $req->resp->sentNs = hrtime(true);
        $errno = 0;
        $errstr = '';
        $sock = @stream_socket_client('unix://' . $this->socketPath, $errno, $errstr, $this->timeout);
        if ($sock === false) {
            $req->resp->error = "connect: $errstr ($errno)";
            $req->resp->doneNs = hrtime(true);
            $req->done = true;
            return $req;
        }
        $pairs = '';
        foreach ($params as $k => $v) {
            $k = (string) $k;
            $v = (string) $v;
            $pairs .= self::nvLen(strlen($k)) . self::nvLen(strlen($v)) . $k . $v;
        }
        $msg = self::record(self::BEGIN_REQUEST, $id, pack('nCx5', self::RESPONDER, 0));
        foreach (str_split($pairs, 65535) as $chunk) {
            if ($chunk !== '') {
                $msg .= self::record(self::PARAMS, $id, $chunk);
            }
        }
        $msg .= self::record(self::PARAMS, $id, '') . self::record(self::STDIN, $id, '');
        stream_set_timeout($sock, (int) ceil($this->timeout));
        for ($off = 0; $off < strlen($msg);) {
            $w = @fwrite($sock, substr($msg, $off));
            if ($w === false || $w === 0) {
                $req->resp->error = 'write failed';
                $req->resp->doneNs = hrtime(true);
                $req->done = true;
                fclose($sock);
                return $req;
            }
            $off += $w;
        }
        stream_set_blocking($sock, false);
        $req->sock = $sock;
        $this->inFlight[(int) $sock] = $req;
        return $req;
    }

    public function inFlight(): int
    {
        return count($this->inFlight);
    }

    /**
     * Waits until at least one request in flight is complete (or $timeout
     * passes) and returns the completed ones.
     * @return list<FcgiRequest>
     */
    public function wait(?float $timeout = null): array
    {
        $timeout ??= $this->timeout;
        $done = [];
        $deadline = microtime(true) + $timeout;
        while ($this->inFlight && !$done) {
            $left = $deadline - microtime(true);
            if ($left <= 0) {
                foreach ($this->inFlight as $k => $req) {
                    $this->finish($req, 'timeout');
                    $done[] = $req;
                    unset($this->inFlight[$k]);
                }
                break;
            }
            $read = array_map(fn (FcgiRequest $r) => $r->sock, array_values($this->inFlight));
            $write = $except = null;
            $sec = (int) $left;
            $n = @stream_select($read, $write, $except, $sec, (int) (($left - $sec) * 1e6));
            if ($n === false) {
                continue; // EINTR
            }
            foreach ($read as $sock) {
                $req = $this->inFlight[(int) $sock];
                $data = fread($sock, 65536);
                if ($data === false || ($data === '' && feof($sock))) {
                    $this->finish($req, $req->done ? null : 'connection closed before FCGI_END_REQUEST');
                } else {
                    $req->in .= $data;
                    $this->parse($req);
                    if ($req->done) {
                        $this->finish($req, null);
                    }
                }
                if ($req->done) {
                    unset($this->inFlight[(int) $sock]);
                    $done[] = $req;
                }
            }
        }
        return $done;
    }

    /** Sends one request and waits for its response. */
    public function request(array $params): FcgiResponse
    {
        $req = $this->send($params);
        while (!$req->done) {
            $this->wait();
        }
        return $req->resp;
    }

    private function parse(FcgiRequest $req): void
    {
        while (strlen($req->in) >= 8) {
            $h = unpack('Cversion/Ctype/nid/nlen/Cpad', $req->in);
            $total = 8 + $h['len'] + $h['pad'];
            if (strlen($req->in) < $total) {
                return;
            }
            $content = substr($req->in, 8, $h['len']);
            $req->in = substr($req->in, $total);
            switch ($h['type']) {
                case self::STDOUT:
                    $req->stdout .= $content;
                    break;
                case self::STDERR:
                    $req->resp->stderr .= $content;
                    break;
                case self::END_REQUEST:
                    $e = unpack('NappStatus/CprotocolStatus', $content);
                    $req->resp->appStatus = $e['appStatus'];
                    $req->resp->protocolStatus = $e['protocolStatus'];
                    $req->done = true;
                    return;
                default:
                    $req->resp->error = "unexpected record type {$h['type']}";
            }
        }
    }

    private function finish(FcgiRequest $req, ?string $error): void
    {
        $r = $req->resp;
        $r->doneNs = hrtime(true);
        if ($error !== null && $r->error === null) {
            $r->error = $error;
        }
        $req->done = true;
        if (is_resource($req->sock ?? null)) {
            fclose($req->sock);
        }
        // CGI response: headers, blank line, body
        $out = $req->stdout;
        $sep = strpos($out, "\r\n\r\n");
        $seplen = 4;
        if ($sep === false) {
            $sep = strpos($out, "\n\n");
            $seplen = 2;
        }
        if ($sep === false) {
            $r->body = $out;
            if ($out !== '' && $r->error === null) {
                $r->error = 'no header/body separator in FCGI_STDOUT';
            }
            return;
        }
        foreach (preg_split('/\r?\n/', substr($out, 0, $sep)) as $line) {
            $p = strpos($line, ':');
            if ($p !== false) {
                $r->headers[strtolower(trim(substr($line, 0, $p)))] = trim(substr($line, $p + 1));
            }
        }
        if (isset($r->headers['status'])) {
            $r->status = (int) $r->headers['status'];
        }
        $r->body = substr($out, $sep + $seplen);
    }
}

if (PHP_SAPI === 'cli' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    if ($argc < 3) {
        fwrite(STDERR, "usage: php fcgi_client.php SOCKET SCRIPT_FILENAME [QUERY_STRING]\n");
        exit(2);
    }
    $c = new FcgiClient($argv[1]);
    $r = $c->request(FcgiClient::params($argv[2], $argv[3] ?? ''));
    echo "status: {$r->status}", $r->error !== null ? " (error: {$r->error})" : '', "\n";
    echo "--- body\n", $r->body, "\n--- stderr\n", $r->stderr, "\n";
    exit($r->error === null ? 0 : 1);
}
