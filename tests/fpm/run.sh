#!/usr/bin/env bash
# chan under php-fpm: many requests on the same two long-lived workers.
#
#   tests/fpm/run.sh --fpm=BIN --php=PHPCLI --so=CHAN_SO [--requests=5000]
#       [--concurrency=4] [--sample-every=250] [--max-slope=64] [--seed=1]
#       [--keep] [--break=b|c|d] [--leak]
#   tests/fpm/run.sh --fpm=BIN --php=PHPCLI --bench-so=A.so --bench-so=B.so
#       [--rounds=5] [--bench-requests=1000] [--cpu=N]
#
# Starts a private php-fpm (temporary directory, its own php.ini via -c with
# PHP_INI_SCAN_DIR empty and its own pool via -y: no system config or pool;
# Unix socket in that directory; pm = static, 2 children, pm.max_requests = 0;
# -R when run as root) with chan.so (copied first, so a rebuild during the run
# changes nothing), and stops it at the end. The system's php-fpm service is
# never touched. The check run sends the requests (drive.php, over
# fcgi_client.php) to app.php and prints one ok:/FAILED: line per check and
# finally `N passed, M failed`; exit status 1 on any failure. --break=K
# expects kind K to answer as kind a, and --leak has every request grow the
# worker's memory (new PCRE patterns): self-tests that the checks can fail.
# --keep keeps the temporary directory (php.ini, pool, php-fpm's log, output).
#
# The bench mode times a request that starts ONE coroutine (one.php) against
# the same setup for two chan.so builds, alternating A and B for --rounds
# rounds (a fresh php-fpm each time), and prints the medians and B/A.
# --cpu=N pins php-fpm and the client to CPU N (taskset), in either mode; the
# bench pins to the last CPU by default (--cpu=none: no pinning), which
# keeps B/A of one build against itself within about 1% on a busy machine.
#
# Paths are relative to this script, so it also runs inside a chroot, e.g.
#   scripts/chroot.sh /build/src/tests/fpm/run.sh \
#     --fpm=/usr/sbin/php-fpm8.4 --php=/usr/bin/php8.4 --so=/build/out-8.4/modules/chan.so
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fpm= php= so= requests=5000 concurrency=4 sample_every=250 max_slope=64 seed=1
keep=0 brk= leak= rounds=5 bench_requests=1000 cpu=
bench_sos=()
usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
for arg in "$@"; do
	case "$arg" in
		--fpm=*) fpm=${arg#*=} ;;
		--php=*) php=${arg#*=} ;;
		--so=*) so=${arg#*=} ;;
		--requests=*) requests=${arg#*=} ;;
		--concurrency=*) concurrency=${arg#*=} ;;
		--sample-every=*) sample_every=${arg#*=} ;;
		--max-slope=*) max_slope=${arg#*=} ;;
		--seed=*) seed=${arg#*=} ;;
		--keep) keep=1 ;;
		--break=*) brk=${arg#*=} ;;
		--leak) leak=--leak ;;
		--bench-so=*) bench_sos+=("${arg#*=}") ;;
		--rounds=*) rounds=${arg#*=} ;;
		--bench-requests=*) bench_requests=${arg#*=} ;;
		--cpu=*) cpu=${arg#*=} ;;
		*) usage ;;
	esac
done
[[ -n $fpm && -n $php ]] || usage
if ((${#bench_sos[@]})); then
	((${#bench_sos[@]} == 2)) || { echo "--bench-so must be given twice" >&2; exit 2; }
else
	[[ -n $so ]] || usage
fi
for f in "$fpm" "$php" ${so:+"$so"} "${bench_sos[@]}"; do
	[[ -e $f ]] || { echo "not found: $f" >&2; exit 2; }
done

# the bench pins to the last CPU unless told otherwise: far less noise
((${#bench_sos[@]})) && [[ -z $cpu ]] && cpu=$(($(nproc) - 1))
[[ $cpu == none ]] && cpu=
pin=()
[[ -n $cpu ]] && pin=(taskset -c "$cpu")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chan-fpm.XXXXXX") || exit 2
declare -A fpm_pids=()   # instance name => php-fpm master pid
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

# stop_fpm NAME: graceful stop (SIGQUIT) of the instance, then SIGTERM/SIGKILL
stop_fpm() {
	local pid=${fpm_pids[$1]:-} i
	[[ -n $pid ]] || return 0
	unset "fpm_pids[$1]"
	kill -QUIT "$pid" 2>/dev/null
	for ((i = 0; i < 100; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "php-fpm $pid did not stop on SIGQUIT, killing it" >&2
		kill -TERM "$pid" 2>/dev/null; sleep 1; kill -KILL "$pid" 2>/dev/null
	fi
	wait "$pid" 2>/dev/null
}
cleanup() {
	local name
	for name in "${!fpm_pids[@]}"; do stop_fpm "$name"; done
	if ((keep)); then echo "kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# start_fpm NAME SO: a fresh private php-fpm in $tmp/NAME with chan.so SO
start_fpm() {
	local name=$1 d=$tmp/$1
	rm -rf "$d" && mkdir -p "$d" || return 1
	cp "$2" "$d/chan.so" || return 1
	cat >"$d/php.ini" <<-EOF
		extension=$d/chan.so
		error_reporting=-1
		display_errors=0
		display_startup_errors=1
		log_errors=1
		html_errors=0
		output_buffering=65536
		memory_limit=256M
		max_execution_time=60
	EOF
	cat >"$d/fpm.conf" <<-EOF
		[global]
		pid = $d/fpm.pid
		error_log = $d/fpm.log
		log_level = notice
		daemonize = no
		[chan]
		listen = $d/fpm.sock
		listen.mode = 0600
		pm = static
		pm.max_children = 2
		pm.max_requests = 0
		catch_workers_output = yes
		request_terminate_timeout = 120
	EOF
	local root=() pid i
	(($(id -u) == 0)) && root=(-R)
	PHP_INI_SCAN_DIR= "${pin[@]}" "$fpm" -F "${root[@]}" -c "$d/php.ini" -y "$d/fpm.conf" </dev/null >"$d/fpm.out" 2>&1 &
	pid=$!
	fpm_pids[$name]=$pid
	for ((i = 0; i < 100; i++)); do
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid"; unset "fpm_pids[$name]"
			echo "php-fpm did not start:" >&2; cat "$d/fpm.out" "$d/fpm.log" >&2 2>/dev/null
			return 1
		fi
		[[ -S $d/fpm.sock ]] && grep -q 'ready to handle connections' "$d/fpm.log" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "php-fpm not ready after 10 s:" >&2; cat "$d/fpm.out" "$d/fpm.log" >&2 2>/dev/null
	return 1
}

# probe NAME: the configuration a worker of instance NAME runs with
probe() {
	"$php" -n "$here/fcgi_client.php" "$tmp/$1/fpm.sock" "$here/one.php" info=1
}

summary() {
	echo "$passed passed, $failed failed"
	((failed == 0))
}

echo "php-fpm: $("$fpm" -n -v 2>&1 | head -n 1)"

# ------------------------------------------------------------------ bench
# Both builds run at once, each in its own php-fpm; the requests alternate
# between them (A B B A ...), so a change of load on the machine hits both.
# Each round starts both afresh.
if ((${#bench_sos[@]})); then
	labels=(A B)
	for i in 0 1; do echo "bench ${labels[i]}: ${bench_sos[i]} ($(sha1sum <"${bench_sos[i]}" | cut -c1-12))"; done
	echo "bench: $rounds rounds of $bench_requests requests with one coroutine and $bench_requests without, per build${cpu:+, php-fpm and client pinned to CPU $cpu}"
	out=$tmp/bench.txt
	: >"$out"
	for ((r = 1; r <= rounds; r++)); do
		for i in 0 1; do
			start_fpm "${labels[i]}" "${bench_sos[i]}" || { fail "php-fpm with ${bench_sos[i]} did not start"; summary; exit; }
			info=$(probe "${labels[i]}")
			if ! grep -q "^ini='$tmp/${labels[i]}/php.ini' scanned=false chan=[0-9]" <<<"$info"; then
				fail "bench ${labels[i]}: chan not loaded from the test's php.ini: $info"; summary; exit
			fi
		done
		"${pin[@]}" "$php" -n "$here/drive.php" --bench --sock-a="$tmp/A/fpm.sock" --sock-b="$tmp/B/fpm.sock" \
			--script="$here/one.php" --round="$r" --requests="$bench_requests" --warmup=200 --out="$out" \
			|| fail "bench round $r: bad responses"
		for i in 0 1; do
			if grep -E 'exited on signal|SIGSEGV|SIGABRT|exited with code' "$tmp/${labels[i]}/fpm.log"; then
				fail "bench ${labels[i]} round $r: a worker died"
			fi
			stop_fpm "${labels[i]}"
		done
		echo "round $r of $rounds done"
	done
	"$php" -n "$here/drive.php" --bench-report --out="$out" || fail "bench report"
	((failed == 0)) && ok "bench: every response right, no worker died"
	summary
	exit
fi

# ------------------------------------------------------------------ check
echo "chan.so: $so ($(sha1sum <"$so" | cut -c1-12))"
if ! start_fpm run "$so"; then
	fail "php-fpm started"
	summary
	exit
fi
ok "private php-fpm ${fpm_pids[run]} started (pm = static, 2 children, pm.max_requests = 0, socket $tmp/run/fpm.sock)"
info=$(probe run)
sed -n 's/^\(ini=.*\)/probe: \1/p' <<<"$info"
if grep -q "^ini='$tmp/run/php.ini' scanned=false chan=[0-9]" <<<"$info"; then
	ok "workers load only the test's php.ini (no conf.d) and chan $(sed -n 's/.* chan=\([^ ]*\).*/\1/p' <<<"$info")"
else
	fail "probe: chan loaded from the test's php.ini only: $info"
fi

"${pin[@]}" "$php" -n -d memory_limit=1G "$here/drive.php" --socket="$tmp/run/fpm.sock" --app="$here/app.php" \
	--master="${fpm_pids[run]}" --requests="$requests" --concurrency="$concurrency" --sample-every="$sample_every" \
	--max-slope="$max_slope" --seed="$seed" ${brk:+--break="$brk"} $leak | tee "$tmp/drive.out"
st=${PIPESTATUS[0]}
passed=$((passed + $(grep -c '^ok:' "$tmp/drive.out")))
dfailed=$(grep -c '^FAILED:' "$tmp/drive.out")
failed=$((failed + dfailed))
if ((st != 0 && dfailed == 0)); then
	fail "drive.php exited with status $st"
fi

# php-fpm's log while still running (a graceful stop logs nothing worse),
# but for the one worker drive.php ends with SIGTERM on purpose (its last
# check, which prints "sigterm: PID")
log=$tmp/run/fpm.log
ended=$(sed -n 's/^sigterm: \([0-9]*\)$/\1/p' "$tmp/drive.out")
deaths=$(grep -E 'exited on signal|SIGSEGV|SIGBUS|SIGABRT|exited with code|core dumped' "$log" |
	grep -v -E "child ${ended:-none} exited on signal 15 \(SIGTERM\)")
if [[ -z $deaths ]]; then
	ok "php-fpm's log: no worker exited (no \"exited on signal\", SIGSEGV, SIGABRT) but the one ended on purpose"
else
	fail "php-fpm's log: a worker died"; echo "$deaths" | head -n 5 | sed 's/^/    /'
fi
# all that the workers wrote to stderr must be the PHP messages app.php causes
odd=$(grep -E 'ERROR:|ALERT:|WARNING:' "$log" | grep -vE 'exited on signal|said into stderr: "(NOTICE: PHP message: PHP (Warning:  Chan: 7 coroutines blocked forever at script end|Fatal error:  Uncaught RuntimeException: boom n=[0-9]+ in |Fatal error:  Allowed memory size of 4194304 bytes exhausted )|coroutine [0-9]+ \[Chan\\[^]]+\] at |Stack trace:|#[0-9]+ |  thrown in )')
if [[ -z $odd ]]; then
	ok "php-fpm's log: the workers wrote nothing to stderr but the expected PHP messages"
else
	fail "php-fpm's log: unexpected lines"; echo "$odd" | head -n 5 | sed 's/^/    /'
fi
stop_fpm run
summary
