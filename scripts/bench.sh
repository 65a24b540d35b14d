#!/usr/bin/env bash
# Sets up the machine, builds the release chan.so and runs the whole
# benchmark set (benchmarks/run.php) twice: opcache off, then opcache on with
# the tracing JIT. Each run takes medians of 5 runs per configuration (S9,
# SharedChannel across forked processes: 3) and prints its tables. Writes to
# benchmarks/results/:
#
#   latest.md,     latest.dat       opcache off: tables, plot data
#   latest-jit.md, latest-jit.dat   opcache.enable_cli=1, opcache.jit=tracing, 64M buffer
#   s1.png, s2.png                  msgs/s against C, per ring, producers and consumers spawned in
#                                   pairs, Go beside them, floor (a) as a line (opcache off)
#   s1-producers-first.png, s2-producers-first.png
#                                   the same with all producers spawned first
#   s1-jit.png, s2-jit.png, s1-producers-first-jit.png, s2-producers-first-jit.png
#                                   the same with the JIT
#   s6.md                           S6: the HTTP server under ab and wrk (benchmarks/s6.php)
#   s8.md                           S8: TCP echo against Go (benchmarks/s8.php)
#   s8-hooked.md                    S8 at C = 100, the echo server on PHP's own blocking fread/fwrite
#                                   (hooked) against Chan\fread/Chan\fwrite (s8.php --servers=chan,chan-hooked)
#   s10.md                          S10: 1,000 HTTP GETs, 100 in flight: file_get_contents in coroutines,
#                                   Guzzle (curl, Pool, streams), serial (benchmarks/s10.php; needs go)
#   s6pdo.md                        S6-PDO: examples/db_server.php on plain PDO MySQL and plain mysqli
#                                   beside the async helper, under ab (benchmarks/s6db.php --targets=...)
#   message.md                      S1/S2 with an int beside the array, chan and Go
#                                   (benchmarks/message.php; needs go)
#
#   scripts/bench.sh [benchmarks/run.php options...]
#
# S1, S2 and S3 run beside a Go baseline (benchmarks/gochan, GOMAXPROCS=1)
# when the go command is installed (Debian: golang-go); --no-go leaves it out.
# The options go to both runs: --quick makes a smoke run (about a minute)
# that writes quick*.md/.dat/.png instead; --only=... picks workloads (the
# plots need s1 and s2). A full run takes about 13 minutes (S9 about 2 of
# them per pass; and 10 more for S6 and S8, and about 4 more for S8-hooked,
# S10 and S6-PDO) on an idle 2-CPU machine, 20 or more when other processes
# compete for the CPUs.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
. scripts/lib.sh # Xdebug and pcov inert even where conf.d loads them (the JIT run needs that)
scripts/setup.sh
so=$(scripts/build.sh release)

if ! php -m | grep -ix 'zend opcache' >/dev/null; then # not -q: see tests/tools/run.sh's loads()
	echo "bench: this PHP has no opcache (Debian: php8.2-opcache); the JIT run needs it" >&2
	exit 1
fi
if ! command -v gnuplot >/dev/null; then
	echo "bench: gnuplot is missing (scripts/setup.sh installs gnuplot-nox)" >&2
	exit 1
fi

name=latest
png=
for arg in "$@"; do
	if [ "$arg" = --quick ]; then
		name=quick
		png=quick-
	fi
done
out=benchmarks/results
start=$SECONDS

echo "bench: opcache off" >&2
php -d extension="$so" -d opcache.enable_cli=0 \
	benchmarks/run.php --out="$out/$name.md" --data="$out/$name.dat" "$@"
echo "bench: opcache on, tracing JIT" >&2
php -d extension="$so" -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M \
	benchmarks/run.php --require-jit --out="$out/$name-jit.md" --data="$out/$name-jit.dat" "$@"

plot() { # data file, mode label, png name prefix, png name suffix
	if grep -q '^# s1 ' "$1" && grep -q '^# s2 ' "$1"; then
		gnuplot -e "data='$1'; mode='$2'; order='paired'; s1_png='$out/${3}s1${4}.png'; s2_png='$out/${3}s2${4}.png'" benchmarks/plot.gp
		gnuplot -e "data='$1'; mode='$2'; order='producers-first'; s1_png='$out/${3}s1-producers-first${4}.png'; s2_png='$out/${3}s2-producers-first${4}.png'" benchmarks/plot.gp
		echo "bench: plots $out/${3}s1${4}.png, $out/${3}s2${4}.png, $out/${3}s1-producers-first${4}.png, $out/${3}s2-producers-first${4}.png" >&2
	else
		echo "bench: no S1/S2 figures in $1 (--only): no plots" >&2
	fi
}
plot "$out/$name.dat" "opcache off" "$png" ""
plot "$out/$name-jit.dat" "opcache + tracing JIT" "$png" "-jit"

# The I/O workloads, each in processes of its own (opcache off): S6, the
# HTTP server under ab and wrk; S8, TCP echo beside Go. --quick makes both
# short and writes quick-s6.md, quick-s8.md.
io_opts=()
[ "$name" = quick ] && io_opts=(--quick)
echo "bench: S6 (HTTP server)" >&2
php benchmarks/s6.php --so="$so" --out="$out/${png}s6.md" "${io_opts[@]}"
echo "bench: S8 (TCP echo against Go)" >&2
if [ "$name" = quick ]; then
	php benchmarks/s8.php --so="$so" --out="$out/${png}s8.md" --runs=1 --duration=2 --conns=1,100,1000
else
	php benchmarks/s8.php --so="$so" --out="$out/${png}s8.md"
fi
# S8 hooked against helpers: the same echo server on PHP's own blocking
# fread()/fwrite() (the stream hooks park) and on Chan\fread/Chan\fwrite, C = 100,
# alternating in one run (issue 25's target: within 5%).
echo "bench: S8 hooked against helpers" >&2
if [ "$name" = quick ]; then
	php benchmarks/s8.php --so="$so" --out="$out/${png}s8-hooked.md" --servers=chan,chan-hooked --conns=100 --tls-conns= \
		--runs=1 --duration=2
else
	php benchmarks/s8.php --so="$so" --out="$out/${png}s8-hooked.md" --servers=chan,chan-hooked --conns=100 --tls-conns= \
		--runs=5 --duration=3
fi
# S10: fan-out of 1,000 GETs to a server that answers after 10 ms.
echo "bench: S10 (HTTP fan-out)" >&2
php benchmarks/s10.php --so="$so" --out="$out/${png}s10.md" $([ "$name" = quick ] && echo --runs=1 --requests=200)
# S6-PDO: the database server's handler on plain PDO and mysqli (hooked)
# beside the asynchronous helper; private MariaDB (tests/db/servers.sh).
echo "bench: S6-PDO (plain PDO and mysqli)" >&2
php benchmarks/s6db.php --so="$so" --out="$out/${png}s6pdo.md" --targets=control,mysql,mysql-pdo,mysqli --runs=1 --no-fpm \
	$([ "$name" = quick ] && echo --loads=20:100)
# S1 and S2 with an int beside the array, chan and Go (benchmarks/message.php):
# how much of the distance to Go is PHP's message.
if command -v go >/dev/null && [[ " $* " != *" --no-go "* ]]; then
	echo "bench: S1/S2 with an int message, against Go" >&2
	php -n -d extension="$so" benchmarks/message.php --out="$out/${png}message.md" \
		$([ "$name" = quick ] && echo --runs=1)
fi
echo "bench: done in $((SECONDS - start)) s" >&2
