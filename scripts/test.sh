#!/usr/bin/env bash
# Sets up the machine, builds chan and runs every test gate.
#
#   scripts/test.sh [--no-asan]
#
# Gates, in order (each is timed; a failing gate does not stop the others):
#   setup     scripts/setup.sh (installs missing Debian packages)
#   stub      chan_arginfo.h matches chan.stub.php (hash line and regeneration)
#   package   config.w32 builds the same files as config.m4; package.xml lists
#             every source and test file (scripts/package-xml.sh); pecl validates it;
#             no tracked file names a path of the author's machine, such as a
#             checkout in /work or /home (scripts/check-paths.sh)
#   build     scripts/build.sh dev (-Werror: a warning fails it); the C files
#             call only downwards (scripts/layers.sh, docs/internals.md)
#   c         tests/c: the queue engines, plain and under ThreadSanitizer
#   matrix    scripts/matrix.sh: the dev build and the phpt suite on every
#             PHP of the matrix (8.2, 8.4, 8.5, 8.6, a debug ZTS 8.2), 8.2,
#             8.4 and 8.6 also under valgrind (run-tests -m, definite leaks
#             reported), each NTS one installed with pecl;
#             CHAN_SKIP_VALGRIND=1 skips valgrind
#   threads   tests/threads: coroutines in several threads of one process
#             (embed SAPI of the debug ZTS PHP)
#   fpm       tests/fpm: 5000 requests through php-fpm 8.2 and 8.4
#   db        tests/db: coroutines on private PostgreSQL and MariaDB servers
#             (8.2 under valgrind, and 8.4, 8.5, 8.6 in the chroot, which gets
#             the packages on demand)
#   phpsrc    tests/phpsrc/run.sh: php-src's own phpt files for the hooked
#             families (Debian's php8.2 source) without chan, with chan, and
#             with a coroutine beside main: every outcome must be PHP's own
#             (about 5 min; its MySQL tests against private MariaDB servers
#             run beside the rest)
#   phpunit   phpunit-extension/tests/run.sh: the PHPUnit extension's fixture
#             suite with Debian's phpunit 9.6 on PHP 8.2 and sid's phpunit 13
#             on 8.4 in the chroot (each installed on demand): leaking tests
#             fail naming their coroutines, the tests after them pass, and
#             without the extension those break
#   revolt    tests/revolt: revolt-driver/ under Revolt's own tests
#             (PHPUnit 13, upstream's DriverTest and EventLoopTest from the
#             source package; 8.4, 8.5, 8.6 in the chroot) and
#             tests/revolt/*.phpt (those also on 8.2, with the chroot's
#             Revolt files); installs php-revolt-event-loop, phpunit and
#             dpkg-dev on demand (about 1.5 min)
#   tools     tests/tools: the phpt suite with Xdebug loaded (XDEBUG_MODE
#             develop,coverage, then debug) and with pcov, on 8.2 and 8.4 in
#             the chroot (php8.X-xdebug and php8.X-pcov are installed on
#             demand and left disabled in conf.d); about 2.5 min per PHP
#   asan      the phpt suite and tests/db (on 8.2) against an ASan+UBSan
#             build (--no-asan skips it)
#   fuzz      the fuzzers' CI budget (tests/fuzz/README.md): libFuzzer on both
#             rings for RING_SHORT_TIME s (60) and the threaded replay under
#             TSan; the argument fuzzer (CHAN_FUZZ_ITERATIONS, 3000) on the dev
#             build and on the ASan build; the differential fuzzer
#             (CHAN_DIFF_PROGRAMS, 10000 programs, against the pure-PHP model).
#             The seeds are fixed (CHAN_FUZZ_SEED, 1) so a failure reproduces.
#
# CHAN_GATES="build fpm" runs only the gates named (build first where a gate
# needs the dev chan.so).
#
# The last line of output is "N passed, M failed" (", K skipped" when tests
# were skipped), summed over every gate; a gate that could not run counts as
# one failure. Exit status 0 only when nothing failed.
set -uo pipefail

usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit "$1"; }
asan=1
for arg in "$@"; do
	case "$arg" in
		--asan) asan=1 ;;
		--no-asan) asan=0 ;;
		-h | --help) usage 0 ;;
		*) echo "test: unknown argument $arg (see --help)" >&2; exit 2 ;;
	esac
done

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
logs="$repo/.build-test"
mkdir -p "$logs"

passed=0 failed=0 skipped=0
timings=() failed_gates=()
. scripts/lib.sh
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

# gate NAME FUNCTION: runs one gate and records its counts and duration.
# The function sets g_pass, g_fail, g_skip.
gate() {
	local name=$1 fn=$2 t0=$SECONDS
	if [ -n "${CHAN_GATES:-}" ] && [[ " $CHAN_GATES " != *" $name "* ]]; then
		return # CHAN_GATES="build db": only those (a developer's shortcut; CI runs all)
	fi
	g_pass=0 g_fail=0 g_skip=0
	echo
	echo "=== $name"
	# A copy of what the gate prints, for the digest of failures at the end
	# (CI shows only the last lines of the run).
	"$fn" > >(tee "$logs/gate-$name.out") 2>&1
	wait $! 2>/dev/null # tee has written everything
	local dt=$((SECONDS - t0))
	passed=$((passed + g_pass))
	failed=$((failed + g_fail))
	skipped=$((skipped + g_skip))
	timings+=("$(printf '%-9s %5ds   %5d passed %4d failed %4d skipped' "$name" "$dt" "$g_pass" "$g_fail" "$g_skip")")
	echo "--- $name: $g_pass passed, $g_fail failed, $g_skip skipped in ${dt}s"
	[ "$g_fail" -gt 0 ] && failed_gates+=("$name")
}

check() { # check DESCRIPTION CMD...: one pass or one failure
	if "$@"; then
		g_pass=$((g_pass + 1))
		echo "ok: $desc"
	else
		g_fail=$((g_fail + 1))
		echo "FAILED: $desc"
	fi
}

# --- gates --------------------------------------------------------------

gate_setup() {
	desc="scripts/setup.sh"
	check scripts/setup.sh
}

stub_hash_matches() {
	local want have
	want=$(sha1sum chan.stub.php | cut -d' ' -f1)
	have=$(sed -n '2s/.*Stub hash: \([0-9a-f]*\).*/\1/p' chan_arginfo.h)
	[ "$want" = "$have" ] && return 0
	echo "chan_arginfo.h was made from another chan.stub.php (stub sha1 $want, arginfo says '${have}'): run scripts/gen-stub.sh"
	return 1
}

# Whitespace aside: clang-format may have re-indented the generated file.
stub_regenerates_identically() {
	local tmp rc=0
	tmp=$(mktemp -d)
	mkdir -p "$tmp/scripts"
	cp scripts/gen-stub.sh "$tmp/scripts/"
	cp chan.stub.php chan_arginfo.h "$tmp/"
	if ! "$tmp/scripts/gen-stub.sh" >"$tmp/gen.log" 2>&1; then
		cat "$tmp/gen.log"
		echo "scripts/gen-stub.sh failed"
		rc=1
	elif ! diff -u -w chan_arginfo.h "$tmp/chan_arginfo.h"; then
		echo "chan_arginfo.h differs from what scripts/gen-stub.sh makes of chan.stub.php"
		rc=1
	fi
	rm -rf "$tmp"
	return $rc
}

gate_stub() {
	desc="chan_arginfo.h stub hash matches chan.stub.php"
	check stub_hash_matches
	desc="scripts/gen-stub.sh reproduces chan_arginfo.h"
	check stub_regenerates_identically
}

pecl_validates() {
	local out
	if ! command -v pecl >/dev/null; then
		echo "pecl not installed"
		return 1
	fi
	out=$(pecl package-validate package.xml 2>&1)
	echo "$out"
	grep -q 'Validation: 0 error(s)' <<<"$out"
}

# The C files config.m4 and config.w32 build, one per line, sorted.
m4_sources() { sed -n '/PHP_NEW_EXTENSION/,/)/p' config.m4 | grep -oE '[A-Za-z0-9_]+\.c' | LC_ALL=C sort; }
w32_sources() { sed -n 's/.*EXTENSION("chan", *"\([^"]*\)".*/\1/p' config.w32 | tr ' ' '\n' | grep . | LC_ALL=C sort; }

build_files_agree() {
	local m4 w32
	m4=$(m4_sources) w32=$(w32_sources)
	if [ -z "$m4" ] || [ "$m4" != "$w32" ]; then
		diff <(echo "$m4") <(echo "$w32") | sed 's/^/  /'
		echo "config.m4 (<) and config.w32 (>) must build the same C files"
		return 1
	fi
}

gate_package() {
	desc="config.w32 builds the same C files as config.m4"
	check build_files_agree
	desc="package.xml lists every source and test file"
	check scripts/package-xml.sh --check
	desc="pecl package-validate package.xml"
	check pecl_validates
	desc="no tracked file names a path of the author's machine (scripts/check-paths.sh)"
	check scripts/check-paths.sh
}

dev_so=
gate_build() {
	desc="scripts/build.sh dev"
	if dev_so=$(scripts/build.sh dev); then
		g_pass=1
		echo "ok: $desc -> $dev_so"
		desc="the C files call only downwards (scripts/layers.sh, docs/internals.md)"
		check scripts/layers.sh --quiet "$(dirname "$(dirname "$dev_so")")/.libs"
	else
		dev_so=
		g_fail=1
		echo "FAILED: $desc"
	fi
}

gate_docs() {
	run_logged "$logs/docs.log" scripts/check-docs.sh --so="$dev_so"
	closing_counts "$logs/docs.log" $?
}

gate_c() {
	local log="$logs/c.log" rc n
	if [ ! -f tests/c/Makefile ]; then
		echo "FAILED: tests/c/Makefile is missing"
		g_fail=1
		return
	fi
	run_logged "$log" make -C tests/c test tsan
	rc=$?
	# Each target ends with "N passed, M failed".
	n=$(grep -cE '^[0-9]+ passed, [0-9]+ failed' "$log")
	g_pass=$(awk '/^[0-9]+ passed, [0-9]+ failed/ { s += $1 } END { print s + 0 }' "$log")
	g_fail=$(awk '/^[0-9]+ passed, [0-9]+ failed/ { s += $3 } END { print s + 0 }' "$log")
	if [ "$rc" -ne 0 ] && [ "$g_fail" -eq 0 ]; then
		echo "FAILED: make -C tests/c test tsan exited $rc"
		g_fail=1
	elif [ "$n" -lt 2 ]; then
		echo "FAILED: expected a result line from both targets (test, tsan), got $n"
		g_fail=$((g_fail + 1))
	fi
}

# phpt NAME SO [run-tests options...]: the whole phpt suite against SO, on
# a private copy of tests/ (.build-test/NAME/tests); failures are named
# tests/... all the same.
phpt() {
	local name=$1 so=$2 log="$logs/$1.log" work="$logs/$1" rt rc opts=()
	shift 2
	if [ -z "$so" ]; then
		echo "FAILED: no chan.so to test (the build failed)"
		g_fail=1
		return
	fi
	if ! rt=$(run_tests_php); then
		echo "FAILED: run-tests.php not found (php8.2-dev)"
		g_fail=1
		return
	fi
	phpt_workdir "$work" "$repo"
	[ -t 1 ] || opts+=(--no-color --no-progress)
	run_logged "$log" env -C "$work" php "$rt" -P -q -j2 --show-diff --show-slow 10000 "${opts[@]}" "$@" \
		-d extension="$so" tests
	rc=$?
	phpt_counts "$log" "$rc"
}

gate_matrix() {
	local log="$logs/matrix.log" rc
	if [ "${CHAN_SKIP_VALGRIND:-0}" = 1 ]; then
		CHAN_MATRIX_VALGRIND=0 run_logged "$log" scripts/matrix.sh
	else
		run_logged "$log" scripts/matrix.sh
	fi
	rc=$?
	closing_counts "$log" "$rc"
}

gate_threads() {
	local log="$logs/threads.log" zts so rc
	if ! zts=$(scripts/php-zts.sh) || ! so=$(PHP_CONFIG="$zts/bin/php-config" PHPIZE="$zts/bin/phpize" \
		CHAN_BUILD_DIR="$repo/.build-zts" scripts/build.sh dev); then
		echo "FAILED: no debug ZTS PHP or no chan.so for it"
		g_fail=1
		return
	fi
	run_logged "$log" tests/threads/run.sh --prefix="$zts" --so="$so"
	rc=$?
	closing_counts "$log" "$rc"
}

# tests/fpm/run.sh on this machine's php-fpm 8.2 and on 8.4's in the chroot.
# on_phps NAME "VERSIONS" ARG...: tests/NAME/run.sh ARG... --so=... with
# this machine's PHP 8.2 and, in the chroot, with each of VERSIONS; "VER" in
# an ARG stands for the version. The gate's counts are the sums of the runs.
# run_sh=PATH (a path in the checkout) runs PATH instead of tests/NAME/run.sh.
on_phps() {
	local name=$1 versions=$2 script=${run_sh:-tests/$1/run.sh} p f s
	shift 2
	run_logged "$logs/$name-8.2.log" "$script" "${@//VER/8.2}" --so="$dev_so"
	closing_counts "$logs/$name-8.2.log" $?
	p=$g_pass f=$g_fail s=$g_skip
	on_phps_chroot "$name" "$versions" "$@"
	g_pass=$((p + g_pass)) g_fail=$((f + g_fail)) g_skip=$((s + g_skip))
}

# on_phps_chroot NAME "VERSIONS" ARG...: on_phps without this machine's 8.2.
on_phps_chroot() {
	local name=$1 versions=$2 script=${run_sh:-tests/$1/run.sh} p=0 f=0 s=0 so v
	shift 2
	if ! scripts/chroot.sh >/dev/null || ! scripts/chroot.sh --sync; then
		echo "FAILED: no chroot for PHP $versions"
		g_pass=$p g_fail=$((f + 1)) g_skip=$s
		return
	fi
	for v in $versions; do
		if so=$(scripts/chroot.sh env PHP_CONFIG="php-config$v" PHPIZE="phpize$v" CHAN_BUILD_DIR="/build/out-$v" \
			bash /build/src/scripts/build.sh dev); then
			run_logged "$logs/$name-$v.log" scripts/chroot.sh "/build/src/$script" "${@//VER/$v}" --so="$so"
			closing_counts "$logs/$name-$v.log" $?
		else
			echo "FAILED: no chan.so for PHP $v"
			g_pass=0 g_fail=1 g_skip=0
		fi
		p=$((p + g_pass)) f=$((f + g_fail)) s=$((s + g_skip))
	done
	g_pass=$p g_fail=$f g_skip=$s
}

gate_fpm() {
	on_phps fpm "8.4" --fpm=/usr/sbin/php-fpmVER --php=/usr/bin/phpVER
}

# The 8.2 pass runs under valgrind (tests/db/run.sh --valgrind; plain with
# CHAN_SKIP_VALGRIND=1): about 2.5 min instead of 0.5 min.
gate_db() {
	local vg=(--valgrind) p f s
	[ "${CHAN_SKIP_VALGRIND:-0}" = 1 ] && vg=()
	run_logged "$logs/db-8.2.log" tests/db/run.sh --php=/usr/bin/php8.2 "${vg[@]}" --so="$dev_so"
	closing_counts "$logs/db-8.2.log" $?
	p=$g_pass f=$g_fail s=$g_skip
	on_phps_chroot db "8.4 8.5 8.6" --php=/usr/bin/phpVER
	g_pass=$((p + g_pass)) g_fail=$((f + g_fail)) g_skip=$((s + g_skip))
}

gate_phpsrc() {
	run_logged "$logs/phpsrc.log" tests/phpsrc/run.sh --php=/usr/bin/php8.2 --so="$dev_so"
	closing_counts "$logs/phpsrc.log" $?
}

# Debian 12 has phpunit 9.6 (the listener), sid 13 (the event extension):
# the two APIs the extension has, each on the PHP its phpunit runs on.
gate_phpunit() {
	run_sh=phpunit-extension/tests/run.sh on_phps phpunit "8.4" --php=/usr/bin/phpVER
}

# tests/revolt/run.sh in the chroot (8.4, 8.5, 8.6: Revolt and PHPUnit 13 from
# sid, installed on demand), then on this machine's 8.2 with the chroot's
# Revolt (bookworm has no php-revolt-event-loop; it is PHP files only).
gate_revolt() {
	local root p f s
	on_phps_chroot revolt "8.4 8.5 8.6" --php=/usr/bin/phpVER
	p=$g_pass f=$g_fail s=$g_skip
	if root=$(scripts/chroot.sh); then
		run_logged "$logs/revolt-8.2.log" tests/revolt/run.sh --so="$dev_so" \
			--autoload="$root/usr/share/php/Revolt/EventLoop/autoload.php"
		closing_counts "$logs/revolt-8.2.log" $?
		p=$((p + g_pass)) f=$((f + g_fail)) s=$((s + g_skip))
	fi
	g_pass=$p g_fail=$f g_skip=$s
}

gate_tools() {
	on_phps tools "8.4" --php=/usr/bin/phpVER
}

# The closing "N passed, M failed[, K skipped]" line of a script's log.
closing_counts() {
	local log=$1 rc=$2 last
	last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	if [ -z "$last" ]; then
		echo "FAILED: ${log#"$repo"/} has no closing 'N passed, M failed' line (status $rc)"
		g_fail=1
		return
	fi
	g_pass=$(awk '{ print $1 }' <<<"$last")
	g_fail=$(awk '{ print $3 }' <<<"$last")
	g_skip=$(sed -n 's/.*, \([0-9][0-9]*\) skipped.*/\1/p' <<<"$last")
	g_skip=${g_skip:-0}
	if [ "$rc" -ne 0 ] && [ "$g_fail" -eq 0 ]; then
		echo "FAILED: exited $rc"
		g_fail=1
	fi
}

# A stock (non-ASan) PHP can load the ASan build only when the ASan runtime
# comes first (LD_PRELOAD) and PHP's dlopen() of extensions drops
# RTLD_DEEPBIND, which the ASan runtime refuses: build.sh asan makes
# nodeepbind.so for that, and it must come before libasan in LD_PRELOAD.
# The Zend allocator is off (USE_ZEND_ALLOC=0) so ASan sees every emalloc().
# ASan's reports go to files, not stderr: ASan warns on stderr whenever a
# fatal error longjmp()s off a coroutine's stack, which would fail tests
# that expect a fatal error. Each report that holds an error counts as one
# more failure and is printed (its test usually fails as well). UBSan's
# reports still land in the test's output, failing it. Leak detection is off: without the Zend
# allocator, PHP itself leaks on fatal errors and leaves reference cycles
# unfreed at shutdown (CHAN_ASAN_LEAKS=1 turns it on anyway).
gate_asan() {
	local so shim libasan san="$logs/asan-reports" f n=0
	desc="scripts/build.sh asan"
	if ! so=$(scripts/build.sh asan); then
		echo "FAILED: $desc"
		g_fail=1
		return
	fi
	shim="$(dirname "$(dirname "$so")")/nodeepbind.so"
	libasan=$(gcc -print-file-name=libasan.so)
	if [ ! -f "$shim" ] || [ ! -e "$libasan" ]; then
		echo "FAILED: $shim or $libasan missing"
		g_fail=1
		return
	fi
	rm -rf "$san"
	mkdir -p "$san"
	# run-tests' timeout per test is 300 s, as run-tests gives valgrind: ASan
	# is a slow mode too, and the machine may be loaded (its default, 60 s,
	# ended the TLS handshake test once beside a CPU hog)
	LD_PRELOAD="$shim $libasan" \
		ASAN_OPTIONS="log_path=$san/asan:verify_asan_link_order=0:detect_leaks=${CHAN_ASAN_LEAKS:-0}:halt_on_error=1:fast_unwind_on_malloc=0" \
		UBSAN_OPTIONS="log_path=$san/ubsan:print_stacktrace=1:halt_on_error=1" \
		USE_ZEND_ALLOC=0 SKIP_ASAN=1 SKIP_PERF_SENSITIVE=1 TEST_TIMEOUT=300 \
		phpt asan "$so"
	for f in "$san"/*; do
		[ -f "$f" ] || continue
		if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$f"; then
			echo "FAILED: sanitizer report ${f#"$repo"/}:"
			cat "$f"
			n=$((n + 1))
		fi
	done
	g_fail=$((g_fail + n))
	echo "sanitizer reports with errors: $n (all reports: ${san#"$repo"/}/)"
	# tests/db on PHP 8.2 against the same build (about 45 s; it installs
	# the database packages if the db gate has not).
	local p=$g_pass f=$g_fail s=$g_skip
	run_logged "$logs/asan-db.log" tests/db/run.sh --php=/usr/bin/php8.2 --asan --so="$so"
	closing_counts "$logs/asan-db.log" $?
	g_pass=$((p + g_pass)) g_fail=$((f + g_fail)) g_skip=$((s + g_skip))
}

fuzz_step() { # fuzz_step DESCRIPTION CMD...: logged; one pass or one failure
	local log="$logs/fuzz-$fuzz_n.log"
	fuzz_n=$((fuzz_n + 1))
	desc=$1
	shift
	echo "--- $desc"
	if run_logged "$log" "$@"; then
		g_pass=$((g_pass + 1))
		echo "ok: $desc"
	else
		g_fail=$((g_fail + 1))
		echo "FAILED: $desc (log: ${log#"$repo"/})"
	fi
}

gate_fuzz() {
	local seed=${CHAN_FUZZ_SEED:-1} iters=${CHAN_FUZZ_ITERATIONS:-3000} asan_so="$repo/.build-asan/modules/chan.so"
	fuzz_n=0
	fuzz_step "ring fuzzer (libFuzzer, ASan+UBSan, ${RING_SHORT_TIME:-60}s)" \
		make -C tests/fuzz ring-short RING_SHORT_TIME="${RING_SHORT_TIME:-60}"
	fuzz_step "ring fuzzer threaded replay under TSan" make -C tests/fuzz ring-tsan RING_SEED="$seed"
	if [ -z "$dev_so" ]; then
		echo "FAILED: no dev build for the PHP fuzzers"
		g_fail=$((g_fail + 1))
		return
	fi
	fuzz_step "argument fuzzer, seed $seed, $iters iterations" \
		env CHAN_SO="$dev_so" tests/fuzz/args_fuzz.sh --seed="$seed" --iterations="$iters"
	if [ "$asan" = 1 ] && [ -f "$asan_so" ]; then
		fuzz_step "argument fuzzer under ASan+UBSan, seed $seed, $((iters / 10)) iterations" \
			env CHAN_SO="$asan_so" tests/fuzz/args_fuzz.sh --asan --seed="$seed" --iterations="$((iters / 10))"
	fi
	if [ -f tests/fuzz/diff_fuzz.sh ]; then
		fuzz_step "differential fuzzer, seed $seed, ${CHAN_DIFF_PROGRAMS:-10000} programs" \
			tests/fuzz/diff_fuzz.sh --seed="$seed" --programs="${CHAN_DIFF_PROGRAMS:-10000}" --so="$dev_so"
	fi
}

# --- main ---------------------------------------------------------------

t_start=$SECONDS
gate setup gate_setup
gate stub gate_stub
gate package gate_package
gate build gate_build
gate docs gate_docs
gate c gate_c
gate matrix gate_matrix
gate threads gate_threads
gate fpm gate_fpm
gate db gate_db
gate phpsrc gate_phpsrc
gate phpunit gate_phpunit
gate revolt gate_revolt
gate tools gate_tools
[ "$asan" = 1 ] && gate asan gate_asan
gate fuzz gate_fuzz

echo
echo "=== summary (logs in ${logs#"$repo"/}/)"
printf '%s\n' "${timings[@]}"
echo "total     $((SECONDS - t_start))s"
# What failed, gate by gate, last: the end of the run is what CI shows.
for name in "${failed_gates[@]}"; do
	echo "--- failures in $name (all of it: $(basename "$logs")/gate-$name.out and the gate's logs)"
	grep -E '^(FAIL|LEAK|BORK)|FAILED|: (FAIL|LEAK|BORK|SKIP|PASS|XFAIL)\b' "$logs/gate-$name.out" | head -40
done
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ]
