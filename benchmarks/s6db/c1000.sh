#!/usr/bin/env bash
# S6-DB at `ab -c 1000 -n 2000`: where the time beyond ab's ceiling goes.
#
#   benchmarks/s6db/c1000.sh [--so=CHAN_SO] [--rounds=5] [--c=1000] [--n=2000] [--wrk]
#
# Starts private database servers (tests/db/servers.sh, Unix sockets) and
# five HTTP servers on free ports, each answering every request after 1 s:
#
#   null     benchmarks/s6db/null_server.go (Go's net/http, every CPU; left
#            out when there is no `go`): no PHP, no database
#   control  examples/http_server.php --delay=1 (S6's server), opcache off
#   ctl+jit  the same with opcache and the tracing JIT
#   db       examples/db_server.php /mysql (select sleep(1) on MariaDB, a
#            pool of C connections opened before the load), opcache off
#   db+jit   the same with opcache and the tracing JIT
#
# then runs `ab -q -c C -n N` on each in turn, --rounds times (the variants
# interleaved, so that a noisy machine hits them alike: compare them within
# a run), and prints per run and as medians: requests/s, the ratio to ab's
# ceiling N / (1 + ceil((N - 1) / C)), failed requests, and the CPU time
# per request of the server, of ab and of mariadbd (utime + stime from
# /proc, all threads). CHAN_SO defaults to .build-release/modules/chan.so
# (scripts/build.sh release).
#
# --wrk: then a second load generator, wrk (2 threads, C connections, a
# `Connection: close` header, 7 s) on each server, --rounds times
# interleaved: its mean latency, whose part above 1 s is what every request
# waits beyond its query, and 1 s / mean latency, the share of the ideal
# C req/s that C connections in a row of 1 s requests reach (wrk's own
# req/s counts only the requests that end inside its 7 s window, which with
# 1 s requests is mostly rounding).
#
# Needs ab, php with mysqli and pgsql
# (tests/db/servers.sh install), and 2 * C MariaDB connections (servers.sh
# allows 2,000). Takes about 2 minutes with the defaults; --wrk adds 3.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
so=$repo/.build-release/modules/chan.so rounds=5 c=1000 n=2000 wrk=0
for arg in "$@"; do
	case "$arg" in
		--wrk) wrk=1 ;;
		--so=*) so=${arg#*=} ;;
		--rounds=*) rounds=${arg#*=} ;;
		--c=*) c=${arg#*=} ;;
		--n=*) n=${arg#*=} ;;
		*) sed -n '4p' "$0" | sed 's/^# //' >&2; exit 2 ;;
	esac
done
fail() { echo "c1000: $*" >&2; exit 1; }
[ -f "$so" ] || fail "no chan.so at $so (scripts/build.sh release)"
command -v ab >/dev/null || fail "no ab (apache2-utils)"
[ "$wrk" = 0 ] || command -v wrk >/dev/null || fail "no wrk (--wrk)"
[ $((2 * c)) -le 2000 ] || fail "--c=$c: two pools of C must fit MariaDB's 2,000 connections"
ulimit -n 20000 || fail "cannot raise the file limit to 20000"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/chan-c1000.XXXXXX") || exit 1
dbs=$(mktemp -d "${TMPDIR:-/tmp}/chan-c1000-db.XXXXXX") || exit 1 # servers.sh sets it up for its users
pids=()
cleanup() {
	trap - EXIT INT TERM
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	"$repo/tests/db/servers.sh" stop "$dbs" >/dev/null 2>&1 || rm -rf "$dbs"
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"$repo/tests/db/servers.sh" start "$dbs" 2>"$tmp/servers.log" || { cat "$tmp/servers.log" >&2; fail "the database servers did not start"; }
set -a
. "$dbs/env"
set +a
mariadbd=$(cat "$CHAN_MYSQL_PIDFILE")

php=(php -n -d extension="$so" -d extension=mysqlnd -d extension=mysqli -d extension=pgsql -d memory_limit=1G)
jit=(-d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M)
db=("$repo/examples/db_server.php" --port=0 --pool-mysql="$c" --pool-pgsql=1 --warm --sleep=1 --wait=60)
ctl=("$repo/examples/http_server.php" --port=0 --delay=1)

names=() urls=()
start() { # start NAME PATH CMD...: runs CMD, waits for "listening on http://ADDR/"
	local name=$1 path=$2 i url=
	shift 2
	"$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null &
	pids+=($!)
	echo $! >"$tmp/$name.pid"
	for ((i = 0; i < 600; i++)); do
		url=$(grep -o 'http://[0-9.:]*' "$tmp/$name.out" 2>/dev/null | head -n 1)
		[ -n "$url" ] && break
		sleep 0.1
	done
	[ -n "$url" ] || { cat "$tmp/$name.err" >&2; fail "$name did not start"; }
	names+=("$name") urls+=("$url$path")
}
if command -v go >/dev/null && (cd "$here" && go build -o "$tmp/null_server" null_server.go) 2>"$tmp/go.log"; then
	start null / "$tmp/null_server"
else
	echo "c1000: no Go null server (no go, or it did not build)" >&2
fi
start control / "${php[@]}" "${ctl[@]}"
start ctl+jit / "${php[@]}" "${jit[@]}" "${ctl[@]}"
start db /mysql "${php[@]}" "${db[@]}"
start db+jit /mysql "${php[@]}" "${jit[@]}" "${db[@]}"

tick=$(getconf CLK_TCK)
cpu() { awk -v t="$tick" '{ print ($14 + $15) * 1000 / t }' "/proc/$1/stat"; } # ms
# medians FILE FORMAT COLUMNS: one line per server (FILE's column 1 is the
# round, 2 the server) with, for each of COLUMNS, the median over the rounds
# of that column, or the sum where the column is written +N.
medians() {
	php -n -r '
		$rows = [];
		foreach (file($argv[1], FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) { $f = preg_split("/\s+/", trim($l)); $rows[$f[1]][] = $f; }
		$med = function (array $v) { sort($v); $n = count($v); return $n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2; };
		foreach ($rows as $name => $rs) {
			$out = [$name];
			foreach (explode(" ", $argv[3]) as $k) {
				$out[] = $k[0] === "+" ? array_sum(array_column($rs, (int) substr($k, 1))) : $med(array_map(fn ($r) => (float) $r[(int) $k], $rs));
			}
			vprintf(stripcslashes($argv[2]), $out);
		}' "$1" "$2" "$3"
}
ceiling=$(awk -v c="$c" -v n="$n" 'BEGIN { w = int((n - 1 + c - 1) / c); printf "%.1f", n / (1 + w) }')
echo "ab -c $c -n $n, ceiling $ceiling req/s; $(ab -V | head -n 1); PHP $(php -n -r 'echo PHP_VERSION;'); $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CPU per request in microseconds (server = the HTTP server's own process)"
printf '%-6s %-8s %8s %6s %6s %8s %8s %9s %s\n' round server 'req/s' ratio failed server ab mariadbd load
: >"$tmp/runs"
for ((r = 1; r <= rounds; r++)); do
	for i in "${!names[@]}"; do
		name=${names[$i]} pid=$(cat "$tmp/${names[$i]}.pid")
		s0=$(cpu "$pid") m0=$(cpu "$mariadbd")
		/usr/bin/time -f '%U %S' -o "$tmp/time" ab -q -c "$c" -n "$n" "${urls[$i]}" >"$tmp/ab" 2>&1
		s1=$(cpu "$pid") m1=$(cpu "$mariadbd")
		rps=$(awk '/^Requests per second/ { print $4 }' "$tmp/ab")
		failed=$(awk '/^Failed requests/ { print $3 }' "$tmp/ab")
		[ -n "$rps" ] || { cat "$tmp/ab" >&2; fail "ab failed on $name"; }
		line=$(awk -v r="$r" -v name="$name" -v rps="$rps" -v f="$failed" -v ceil="$ceiling" -v n="$n" \
			-v s="$(echo "$s1 - $s0" | bc)" -v m="$(echo "$m1 - $m0" | bc)" -v la="$(cut -d' ' -f1 /proc/loadavg)" \
			'{ printf "%-6s %-8s %8.1f %6.3f %6d %8.0f %8.0f %9.0f %s\n", r, name, rps, rps / ceil, f, s * 1000 / n, ($1 + $2) * 1e6 / n, m * 1000 / n, la }' "$tmp/time")
		echo "$line"
		echo "$line" >>"$tmp/runs"
	done
done
echo
echo "medians of $rounds rounds:"
printf '%-8s %8s %6s %6s %8s %8s %9s\n' server 'req/s' ratio failed server ab mariadbd
medians "$tmp/runs" '%-8s %8.1f %6.3f %6d %8.0f %8.0f %9.0f\n' '2 3 +4 5 6 7'

[ "$wrk" = 1 ] || exit 0
echo
echo "wrk -t2 -c $c -d 7s -H 'Connection: close': mean latency (ms), 1 s / mean latency"
printf '%-6s %-8s %8s %6s %8s %s\n' round server 'mean ms' ratio 'errors' load
: >"$tmp/wrk-runs"
for ((r = 1; r <= rounds; r++)); do
	for i in "${!names[@]}"; do
		wrk -t2 -c "$c" -d 7s --timeout 10s -H 'Connection: close' "${urls[$i]}" >"$tmp/wrk" 2>&1
		line=$(awk -v r="$r" -v name="${names[$i]}" -v la="$(cut -d' ' -f1 /proc/loadavg)" '
			function ms(v) { if (v ~ /ms$/) return v + 0; if (v ~ /us$/) return v / 1000; if (v ~ /m$/) return v * 60000; return v * 1000 }
			$1 == "Latency" { lat = ms($2) }
			/Socket errors/ { gsub(/,/, ""); err = $4 + $6 + $8 + $10 }
			/Non-2xx/ { err += $NF }
			END { printf "%-6s %-8s %8.1f %6.3f %8d %s\n", r, name, lat, 1000 / lat, err, la }' "$tmp/wrk")
		echo "$line"
		echo "$line" >>"$tmp/wrk-runs"
	done
done
echo
echo "medians of $rounds rounds:"
medians "$tmp/wrk-runs" '%-8s %8.1f %6.3f %8d\n' '2 3 +4'
