#!/usr/bin/env bash
# The database tests: chan's coroutines on real PostgreSQL and MariaDB
# servers.
#
#   tests/db/run.sh --so=CHAN_SO [--php=BIN] [--no-install] [--keep] [--valgrind | --asan] [--only=GLOB]
#
# Installs what is missing (tests/db/servers.sh install: postgresql,
# mariadb-server, phpX.Y-pgsql, phpX.Y-mysql for BIN's version; needs root),
# starts private servers in a temporary directory (servers.sh start: Unix
# sockets only, no system service, no TCP port) and stops them on any exit,
# a failed test or Ctrl-C included (trap). Then run-tests.php (BIN's, from
# phpX.Y-dev) runs tests/db/*.phpt (and tests/hooks' tests that need a
# database) one after the other with the servers'
# environment exported (CHAN_PG_DSN, CHAN_MYSQL_SOCKET, ...; CHAN_DB_ENV
# names the file that holds it). Prints run-tests' summary, the timings the
# tests noted, and last `N passed, M failed` (`, K skipped`); exit status 1
# if anything failed.
#
# When the packages cannot be installed (not root, no apt-get, no network)
# every test is skipped, with the reason, and the exit status is 0.
# --only=GLOB runs only the tests whose file name matches GLOB (a shell
# pattern: --only='*interrupted*'). --no-install never installs. --keep keeps the directory the tests ran in
# (their .out and .diff files) with the servers' logs.
#
# --valgrind runs every test under valgrind (run-tests -m), with the
# settings of the phpt suite's valgrind pass (scripts/lib.sh
# CHAN_VALGRIND_OPTS: definite leaks fail a test). Valgrind follows the PHP
# processes only: a shell a test starts (the servers restarted after a test
# killed them) runs natively, and so do the servers.
#
# --asan: CHAN_SO is an ASan + UBSan build (scripts/build.sh asan), loaded
# as the asan gate of scripts/test.sh loads it (nodeepbind.so beside its
# modules/, libasan preloaded, the Zend allocator off, leak detection off
# unless CHAN_ASAN_LEAKS=1); each sanitizer report that holds an error
# counts as one more failure and is printed. The servers never run under
# the preload (servers.sh drops it).
#
# Paths are relative to this script, so it also runs inside the chroot of
# scripts/chroot.sh:
#   scripts/chroot.sh /build/src/tests/db/run.sh --php=/usr/bin/php8.4 --so=/build/out-8.4/modules/chan.so
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
php=php so= install=1 keep=0 valgrind=0 asan=0 only='*'
usage() { sed -n '5p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
for arg in "$@"; do
	case "$arg" in
		--so=*) so=${arg#*=} ;;
		--php=*) php=${arg#*=} ;;
		--no-install) install=0 ;;
		--keep) keep=1 ;;
		--valgrind) valgrind=1 ;;
		--asan) asan=1 ;;
		--only=*) only=${arg#*=} ;;
		-h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
		*) usage ;;
	esac
done
[ -n "$so" ] || usage
[ "$valgrind$asan" != 11 ] || { echo "db: --valgrind and --asan exclude each other" >&2; exit 2; }
[ -f "$so" ] || { echo "db: no such chan.so: $so" >&2; exit 2; }
so=$(cd "$(dirname "$so")" && pwd)/$(basename "$so")
command -v "$php" >/dev/null || { echo "db: no such php: $php" >&2; exit 2; }
. "$repo/scripts/lib.sh"

tests=()
for t in "$here"/*.phpt; do
	# shellcheck disable=SC2053 # $only is a pattern
	[[ $(basename "$t") == $only ]] && tests+=("$t")
done
ver=$("$php" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
mode=
[ "$valgrind" = 1 ] && mode=", under valgrind"
[ "$asan" = 1 ] && mode=", ASan + UBSan"
echo "db: PHP $("$php" -n -r 'echo PHP_VERSION;') ($php), chan.so $so, ${#tests[@]} tests$mode"

# Every test skipped, with the reason; not a failure.
skip_all() {
	echo "db: SKIPPED all ${#tests[@]} tests: $*"
	echo "0 passed, 0 failed, ${#tests[@]} skipped"
	exit 0
}

t0=$SECONDS
missing=$("$here/servers.sh" missing "$ver" | tr '\n' ' ')
if [ -n "${missing// /}" ]; then
	if [ "$install" = 0 ]; then
		skip_all "missing packages: $missing(--no-install)"
	fi
	if ! "$here/servers.sh" install "$ver"; then
		skip_all "missing packages that could not be installed: $missing"
	fi
	echo "db: installed $missing in $((SECONDS - t0))s"
fi
for ext in pgsql mysqli; do
	if ! "$php" -r "exit(extension_loaded('$ext') ? 0 : 1);"; then
		skip_all "php$ver-${ext/mysqli/mysql} is installed but $php does not load $ext (php.ini / conf.d?)"
	fi
done

rt="$("$php" -n -r 'echo PHP_EXTENSION_DIR;')/build/run-tests.php"
if [ ! -f "$rt" ]; then
	echo "db: FAILED: no run-tests.php at $rt (php$ver-dev)"
	echo "0 passed, 1 failed"
	exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/chan-db.XXXXXX") || exit 1
work=$(mktemp -d "${TMPDIR:-/tmp}/chan-db-tests.XXXXXX") || exit 1
stop() {
	trap - EXIT INT TERM HUP
	cleanup # scripts/lib.sh: run-tests' process group, if still there
	"$here/servers.sh" stop "$dir" --keep-logs="$work"
	if [ "$keep" = 1 ]; then
		echo "db: kept $work (the tests' output, the servers' logs)"
	else
		rm -rf "$work"
	fi
}
trap stop EXIT
trap 'exit 130' INT TERM HUP

if ! "$here/servers.sh" start "$dir"; then
	echo "db: FAILED: the servers did not start"
	echo "0 passed, 1 failed"
	exit 1
fi
set -a
. "$dir/env"
set +a
export CHAN_DB_ENV="$dir/env" CHAN_DB_NOTES="$work/notes"

# run-tests writes its scratch files beside the tests: run them from a copy.
# One at a time (-j1: PHP 8.6's run-tests runs tests in parallel by default),
# since some of them kill a server.
# run-tests.php too: PHP 8.2's writes run-test-info.php beside itself.
cp "${tests[@]}" "$here/lib.php" "$here/CONFLICTS" "$rt" "$work/"
# tests/hooks' database tests (PHP's own mysqli and PDO calls under the
# stream hooks) read ../db/lib.php: the same layout below $work.
mkdir -p "$work/hooks" "$work/db"
cp "$here/lib.php" "$work/db/"
for t in $(grep -l "chan_db_skip" "$repo"/tests/hooks/*.phpt 2>/dev/null); do
	# shellcheck disable=SC2053
	[[ $(basename "$t") == $only ]] && cp "$t" "$work/hooks/"
done
opts=(-P -q -j1 --show-diff --show-slow 1 -d extension="$so")
[ -t 1 ] || opts+=(--no-color --no-progress)
envs=()
if [ "$valgrind" = 1 ]; then
	command -v valgrind >/dev/null || { echo "db: FAILED: no valgrind"; echo "0 passed, 1 failed"; exit 1; }
	opts+=(-m)
	# run-tests runs valgrind with --trace-children=yes: not into the shells
	# (exec()) that restart a killed server, nor so into the servers.
	envs+=(VALGRIND_OPTS="$CHAN_VALGRIND_OPTS --trace-children-skip=*/sh,*/dash,*/bash")
fi
san="$work/sanitizer-reports"
if [ "$asan" = 1 ]; then
	shim="$(dirname "$(dirname "$so")")/nodeepbind.so"
	libasan=$(gcc -print-file-name=libasan.so 2>/dev/null)
	if [ ! -f "$shim" ] || [ ! -e "$libasan" ]; then
		echo "db: FAILED: --asan needs $shim (scripts/build.sh asan) and libasan ($libasan)"
		echo "0 passed, 1 failed"
		exit 1
	fi
	mkdir -p "$san"
	envs+=(LD_PRELOAD="$shim $libasan"
		ASAN_OPTIONS="log_path=$san/asan:verify_asan_link_order=0:detect_leaks=${CHAN_ASAN_LEAKS:-0}:halt_on_error=1:fast_unwind_on_malloc=0"
		UBSAN_OPTIONS="log_path=$san/ubsan:print_stacktrace=1:halt_on_error=1"
		USE_ZEND_ALLOC=0)
fi
log="$work/run-tests.log"
run_logged "$log" env -C "$work" "${envs[@]}" "$php" "$work/run-tests.php" "${opts[@]}" "$work"
rc=$?
phpt_counts "$log" "$rc"
if [ "$asan" = 1 ]; then
	n=0
	for f in "$san"/*; do
		[ -f "$f" ] || continue
		if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$f"; then
			echo "FAILED: sanitizer report $(basename "$f"):"
			cat "$f"
			n=$((n + 1))
		fi
	done
	echo "sanitizer reports with errors: $n"
	g_fail=$((g_fail + n))
fi

if [ -s "$work/notes" ]; then
	echo
	echo "=== timings noted by the tests"
	cat "$work/notes"
fi
if [ "$g_fail" -gt 0 ]; then
	echo
	echo "=== server logs (last lines)"
	tail -n 15 "$dir/pg.run/postgres.log" "$dir/my.run/mysqld.log" 2>/dev/null
fi
stop # now, so that the summary line below is the last
echo "db: $((SECONDS - t0))s"
line="$g_pass passed, $g_fail failed"
[ "$g_skip" -gt 0 ] && line="$line, $g_skip skipped"
echo "$line"
[ "$g_fail" -eq 0 ]
