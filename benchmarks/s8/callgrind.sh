#!/usr/bin/env bash
# S8 analysis: user-space instructions per echoed message of the chan echo
# server, with valgrind's callgrind (deterministic, so the machine's load does
# not matter). The server runs under callgrind twice, driven by the load
# generator for a short and a long window; (Ir_long - Ir_short) /
# (messages_long - messages_short) cancels start-up, accepting and the TLS
# handshakes. Prints instructions per message in total and by object (php8.2,
# chan.so, libc, libssl, libcrypto) and the top functions.
#
#   benchmarks/s8/callgrind.sh SO LOADGEN C [server options...]
#   e.g. benchmarks/s8/callgrind.sh /tmp/chan.so /tmp/loadgen 100
#        benchmarks/s8/callgrind.sh /tmp/chan.so /tmp/loadgen 100 --cert=/tmp/cert.pem   (TLS)
#        benchmarks/s8/callgrind.sh /tmp/chan.so /tmp/loadgen 10000 --read=wait
#
# LOADGEN is benchmarks/s8/loadgen.go built (`go build -o loadgen loadgen.go`).
# Windows: S8_SHORT (default 2s) and S8_LONG (default 6s). Needs valgrind and
# callgrind_annotate. Syscalls are not counted: kernel time is not in Ir.
set -euo pipefail

so=$1 loadgen=$2 c=$3
shift 3
. "$(dirname "$0")/lib.sh"
lgtls=
for a in "$@"; do
	case "$a" in --cert=* | --tls) lgtls=-tls ;; esac
done

# one_run WINDOW SERVER-OPTIONS...: writes "IR MESSAGES" to $tmp/res and
# leaves the profile in $tmp/cg.WINDOW
one_run() {
	local win=$1
	shift
	mkfifo "$tmp/ctl"
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$win" \
		php -n -d memory_limit=-1 -d extension="$so" "$here/echo_server.php" "$@" \
		<"$tmp/ctl" >"$tmp/srv.out" 2>"$tmp/srv.err" &
	srv_pid=$!
	exec 9>"$tmp/ctl"
	local port
	wait_port 600
	[ -n "$port" ] || { echo "server did not start: $(cat "$tmp/srv.err")" >&2; exit 1; }
	GOMAXPROCS=1 "$loadgen" -addr "127.0.0.1:$port" -c "$c" -duration "$win" -warmup 0.5s -timeout 120s $lgtls >"$tmp/lg.out"
	exec 9>&-
	wait "$srv_pid"
	srv_pid=
	rm -f "$tmp/ctl"
	local bytes errors ir
	bytes=$(tail -n 1 "$tmp/srv.out" | php -n -r '$d = json_decode(stream_get_contents(STDIN), true); echo $d["bytes_echoed"];')
	errors=$(php -n -r '$d = json_decode(file_get_contents($argv[1]), true); echo $d["errors"];' "$tmp/lg.out")
	[ "$errors" = 0 ] || { echo "load generator errors: $(cat "$tmp/lg.out")" >&2; exit 1; }
	ir=$(callgrind_annotate "$tmp/cg.$win" 2>/dev/null | awk '/PROGRAM TOTALS/{gsub(",","",$1); print $1}')
	echo "$ir $((bytes / 64))" >"$tmp/res"
}

short=${S8_SHORT:-2s} long=${S8_LONG:-6s}
one_run "$short" "$@"
read -r ir1 m1 <"$tmp/res"
one_run "$long" "$@"
read -r ir2 m2 <"$tmp/res"
echo "C=$c $*: run 1 $m1 messages, $ir1 Ir; run 2 $m2 messages, $ir2 Ir"
echo "instructions per message (user space): $(( (ir2 - ir1) / (m2 - m1) ))"

# By object and by function: the difference of the two profiles, per message.
by() { # file -> "count<TAB>file:function [object]" lines
	callgrind_annotate --auto=no --inclusive=no --threshold=100 "$1" 2>/dev/null |
		sed -nE 's/^ *([0-9,]+) \( *[0-9.]+%\)  (.*)$/\1\t\2/p' | grep -v 'PROGRAM TOTALS' | tr -d ,
}
by "$tmp/cg.$short" >"$tmp/f1"
by "$tmp/cg.$long" >"$tmp/f2"
cat >"$tmp/sum.php" <<'PHP'
<?php
$m = (int) $argv[3];
$read = function (string $f): array {
    $r = [];
    foreach (file($f, FILE_IGNORE_NEW_LINES) as $l) {
        [$n, $name] = explode("\t", $l, 2);
        $r[$name] = ($r[$name] ?? 0) + (int) $n;
    }
    return $r;
};
$a = $read($argv[1]);
$b = $read($argv[2]);
$obj = [];
$fn = [];
// Groups: chan.so (its functions, and lines callgrind files under chan_*.c
// without an object), PHP's VM and allocator, the rest of php8.2 (streams,
// ext/openssl's socket layer, ...), libc, libssl + libcrypto, other.
$group = static function (string $name): string {
    if (str_contains($name, "chan.so]") || preg_match("~/chan_[a-z_]+\\.c~", $name)) {
        return "chan.so";
    }
    if (str_contains($name, "php8.2]")) {
        if (preg_match("~:(execute_ex|ZEND_|zend_vm_)~", $name)) {
            return "php8.2: VM (execute_ex)";
        }
        if (preg_match("~:(_emalloc|_efree|_erealloc|zend_mm_|0x00000000002d4)~", $name)) {
            return "php8.2: Zend allocator (0x2d4... = zend_mm_alloc_pages)";
        }
        if (preg_match("~:(zend_fiber|jump_fcontext|make_fcontext|zend_observer_fiber)~", $name)) {
            return "php8.2: fiber switch";
        }
        return "php8.2: other (streams, ext/openssl socket layer, ...)";
    }
    foreach (["libc.so", "libssl.so", "libcrypto.so"] as $lib) {
        if (str_contains($name, $lib)) {
            return $lib;
        }
    }
    return "other";
};
foreach ($b as $name => $n) {
    $d = ($n - ($a[$name] ?? 0)) / $m;
    $o = $group($name);
    $obj[$o] = ($obj[$o] ?? 0) + $d;
    $fn[$name] = $d;
}
arsort($obj);
arsort($fn);
echo "by object (instructions per message):\n";
foreach ($obj as $o => $d) {
    if (abs($d) >= 1) printf("  %8.0f  %s\n", $d, $o);
}
echo "top functions (instructions per message):\n";
foreach (array_slice($fn, 0, 25, true) as $f => $d) {
    printf("  %8.0f  %s\n", $d, $f);
}
PHP
php -n "$tmp/sum.php" "$tmp/f1" "$tmp/f2" "$((m2 - m1))"
