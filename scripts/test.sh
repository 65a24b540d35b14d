#!/usr/bin/env bash
# Sets up the machine, builds chan and runs every test gate.
#
#   scripts/test.sh [--no-asan]
#
# Gates, in order (each is timed; a failing gate does not stop the others):
#   setup     scripts/setup.sh (installs missing Debian packages)
#   stub      chan_arginfo.h matches chan.stub.php (hash line and regeneration)
#   package   config.w32 builds the same files as config.m4; package.xml lists
#             every source and test file (scripts/package-xml.sh); pecl validates it
#   build     scripts/build.sh dev (-Werror: a warning fails it)
#   c         tests/c: the queue engines, plain and under ThreadSanitizer
#   phpt      tests/**/*.phpt with run-tests.php against the dev build
#   valgrind  the same under valgrind (run-tests -m, definite leaks reported);
#             CHAN_SKIP_VALGRIND=1 skips it
#   asan      the phpt suite against an ASan+UBSan build (--no-asan skips it)
#   fuzz      the fuzzers' CI budget (tests/fuzz/README.md): libFuzzer on both
#             rings for RING_SHORT_TIME s (60) and the threaded replay under
#             TSan; the argument fuzzer (CHAN_FUZZ_ITERATIONS, 3000) on the dev
#             build and on the ASan build; the differential fuzzer
#             (CHAN_DIFF_PROGRAMS, 10000 programs, against the pure-PHP model).
#             The seeds are fixed (CHAN_FUZZ_SEED, 1) so a failure reproduces.
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
timings=()
current_group=

cleanup() {
	# Test processes that run-tests gave up on (timeouts) outlive it: end
	# their process group, which only this script's children are in.
	if [ -n "$current_group" ]; then
		kill -KILL -- "-$current_group" 2>/dev/null || true
	fi
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

# run_logged LOG CMD...: runs CMD in a process group of its own, shows its
# output as it comes and keeps it in LOG; returns CMD's status.
run_logged() {
	local log=$1 pid tailpid rc
	shift
	: >"$log"
	setsid -w "$@" >"$log" 2>&1 </dev/null &
	pid=$!
	current_group=$pid
	tail -n +1 -s 0.5 -f --pid="$pid" "$log" &
	tailpid=$!
	wait "$pid"
	rc=$?
	cleanup
	current_group=
	wait "$tailpid" 2>/dev/null
	return $rc
}

# gate NAME FUNCTION: runs one gate and records its counts and duration.
# The function sets g_pass, g_fail, g_skip.
gate() {
	local name=$1 fn=$2 t0=$SECONDS
	g_pass=0 g_fail=0 g_skip=0
	echo
	echo "=== $name"
	"$fn"
	local dt=$((SECONDS - t0))
	passed=$((passed + g_pass))
	failed=$((failed + g_fail))
	skipped=$((skipped + g_skip))
	timings+=("$(printf '%-9s %5ds   %5d passed %4d failed %4d skipped' "$name" "$dt" "$g_pass" "$g_fail" "$g_skip")")
	echo "--- $name: $g_pass passed, $g_fail failed, $g_skip skipped in ${dt}s"
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
}

dev_so=
gate_build() {
	desc="scripts/build.sh dev"
	if dev_so=$(scripts/build.sh dev); then
		g_pass=1
		echo "ok: $desc -> $dev_so"
	else
		dev_so=
		g_fail=1
		echo "FAILED: $desc"
	fi
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

run_tests_php() {
	local d
	d="$(php-config --extension-dir 2>/dev/null)/../build/run-tests.php"
	[ -f "$d" ] && { echo "$d"; return; }
	for d in /usr/lib/php/*/build/run-tests.php; do
		[ -f "$d" ] && { echo "$d"; return; }
	done
	return 1
}

# phpt NAME SO [run-tests options...]: the whole phpt suite against SO.
# It runs on a private copy of tests/ (.build-test/NAME/tests), so that
# run-tests' scratch files never land in the work tree and two runs, this
# script's or anyone else's, never trample each other's; failures are named
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
	if [ -z "$(find tests -name '*.phpt' -print -quit)" ]; then
		echo "FAILED: no .phpt test under tests/"
		g_fail=1
		return
	fi
	# A copy of tests/; everything else at the top level is a symlink, so a
	# test may still reach ../../examples/ and the like.
	rm -rf "$work"
	mkdir -p "$work"
	tar -C "$repo" --exclude=tests/c/build -cf - tests | tar -C "$work" -xf -
	local entry
	for entry in "$repo"/* "$repo"/.[!.]*; do
		case "${entry##*/}" in tests | .build-* | .git | '.[!.]*') continue ;; esac
		[ -e "$entry" ] && ln -s "$entry" "$work/"
	done
	[ -t 1 ] || opts+=(--no-color --no-progress)
	run_logged "$log" env -C "$work" php "$rt" -P -q -j2 --show-diff --show-slow 10000 "${opts[@]}" "$@" \
		-d extension="$so" tests
	rc=$?
	# The summary block: "Tests passed    :   67 ( 89.3%) ( 90.5%)".
	field() { sed -n "s/^$1 *: *\([0-9][0-9]*\).*/\1/p" "$log" | tail -n 1; }
	local p f b w l s x xl
	p=$(field 'Tests passed') f=$(field 'Tests failed') b=$(field 'Tests borked')
	w=$(field 'Tests warned') l=$(field 'Tests leaked') s=$(field 'Tests skipped')
	x=$(field 'Expected fail') xl=$(field 'Expected leak')
	if [ -z "$p" ] || [ -z "$f" ]; then
		echo "FAILED: run-tests ended (status $rc) without its summary"
		g_fail=1
		return
	fi
	# As for run-tests' own exit status: failed, borked and leaked tests fail;
	# "warned" ones passed on their retry (run-tests retries a failed test
	# that sleeps or reads the clock) and are listed under WARNED above.
	g_pass=$((p + ${w:-0}))
	g_fail=$((f + ${b:-0} + ${l:-0}))
	g_skip=$((${s:-0} + ${x:-0} + ${xl:-0}))
	if [ "$rc" -ne 0 ] && [ "$g_fail" -eq 0 ]; then
		echo "FAILED: run-tests exited $rc"
		g_fail=1
	fi
}

gate_phpt() { phpt phpt "$dev_so"; }

gate_valgrind() {
	if ! command -v valgrind >/dev/null; then
		echo "FAILED: valgrind not installed"
		g_fail=1
		return
	fi
	# Definite leaks count (run-tests' own -m does not look for leaks at all);
	# the few tests where PHP itself leaks say so in an --XLEAK-- section.
	VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite" \
		phpt valgrind "$dev_so" -m
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
	LD_PRELOAD="$shim $libasan" \
		ASAN_OPTIONS="log_path=$san/asan:verify_asan_link_order=0:detect_leaks=${CHAN_ASAN_LEAKS:-0}:halt_on_error=1:fast_unwind_on_malloc=0" \
		UBSAN_OPTIONS="log_path=$san/ubsan:print_stacktrace=1:halt_on_error=1" \
		USE_ZEND_ALLOC=0 SKIP_ASAN=1 SKIP_PERF_SENSITIVE=1 \
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
gate c gate_c
gate phpt gate_phpt
if [ "${CHAN_SKIP_VALGRIND:-0}" = 1 ]; then
	echo
	echo "=== valgrind: skipped (CHAN_SKIP_VALGRIND=1)"
	timings+=("$(printf '%-9s %6s' valgrind skipped)")
else
	gate valgrind gate_valgrind
fi
[ "$asan" = 1 ] && gate asan gate_asan
gate fuzz gate_fuzz

echo
echo "=== summary (logs in ${logs#"$repo"/}/)"
printf '%s\n' "${timings[@]}"
echo "total     $((SECONDS - t_start))s"
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ]
