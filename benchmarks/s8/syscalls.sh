#!/usr/bin/env bash
# S8 analysis: system calls per echoed message of one echo server, counted
# with perf's syscall tracepoints over 2 s in the middle of a load generator
# run (less intrusive than strace, which slows the server several times).
# Per message = calls / the server's send calls (one send per echoed 64-byte
# message: sendto for PHP's plain sockets, write for Go and for TLS).
#
#   benchmarks/s8/syscalls.sh DIR SERVER C [tls]
#     DIR     where chan.so, loadgen, echo_server (Go) and cert.pem are, as
#             benchmarks/s8.php builds them
#     SERVER  chan | chan-wait | chan-hooked | go
#
# Needs perf with tracepoints (root). Server on CPU 1, load generator on CPU 0.
set -euo pipefail

dir=$1 server=$2 c=$3 tls=${4:-}
. "$(dirname "$0")/lib.sh"

case "$server" in
chan | chan-wait | chan-hooked)
	cmd=(taskset -c 1 php -n -d memory_limit=-1 -d "extension=$dir/chan.so" "$here/echo_server.php")
	[ "$server" = chan-wait ] && cmd+=(--read=wait)
	[ "$server" = chan-hooked ] && cmd+=(--read=hooked)
	[ -n "$tls" ] && cmd+=("--cert=$dir/cert.pem")
	;;
go)
	cmd=(env GOMAXPROCS=1 taskset -c 1 "$dir/echo_server")
	[ -n "$tls" ] && cmd+=(-cert "$dir/cert.pem")
	;;
*) echo "server: chan, chan-wait, chan-hooked or go" >&2; exit 2 ;;
esac

mkfifo "$tmp/ctl"
"${cmd[@]}" <"$tmp/ctl" >"$tmp/srv.out" 2>"$tmp/srv.err" &
srv_pid=$!
exec 9>"$tmp/ctl"
wait_port 100
GOMAXPROCS=1 taskset -c 0 "$dir/loadgen" -addr "127.0.0.1:$port" -c "$c" -duration 4s -warmup 1s ${tls:+-tls} >"$tmp/lg.out" &
lg_pid=$!
sleep 2.5 # connections up and warm
events=sendto,write,recvfrom,read,poll,ppoll,fcntl,ioctl,epoll_ctl,epoll_wait,epoll_pwait,futex,nanosleep,sched_yield,getpid,tgkill
perf stat -x, -p "$srv_pid" -e "$(echo "$events" | sed 's/\([a-z_]*\)/syscalls:sys_enter_\1/g'),raw_syscalls:sys_enter" -- sleep 2 2>"$tmp/perf.csv"
wait "$lg_pid"
exec 9>&-
wait "$srv_pid" || true
srv_pid=
php -n -r '
$lg = json_decode(file_get_contents($argv[2]), true);
$n = [];
foreach (file($argv[1], FILE_IGNORE_NEW_LINES) as $l) {
    $f = str_getcsv($l);
    if (count($f) > 2 && is_numeric($f[0])) {
        $n[preg_replace("~^(syscalls:sys_enter_|raw_syscalls:sys_enter)~", "", $f[2]) ?: "all"] = (int) $f[0];
    }
}
$msgs = max($n["sendto"] ?? 0, $n["write"] ?? 0);
printf("%s C=%d%s: %s msgs/s (whole run), %d messages in the 2 s window; per message:", $argv[3], $lg["c"], $lg["tls"] ? " TLS" : "", number_format($lg["msgs_per_s"]), $msgs);
foreach ($n as $k => $v) {
    if ($v > 0 && $k !== "all") printf(" %s %.2f", $k, $v / max(1, $msgs));
}
printf(" | all syscalls %.2f\n", ($n["all"] ?? 0) / max(1, $msgs));
' "$tmp/perf.csv" "$tmp/lg.out" "$server"
