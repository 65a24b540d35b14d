# scripts/lib.sh - shell helpers shared by test.sh and matrix.sh (sourced,
# not run). Needs $repo (the checkout) set by the caller.

current_group=

# Xdebug and pcov, where the machine's conf.d loads them, are made inert for
# every PHP started below (scripts/ini/zz-chan-no-tools.ini, scanned after
# that PHP's own conf.d): the gates and benchmarks behave the same whether
# the tools are absent, installed and disabled, or enabled, and the
# machine's conf.d is never edited for it. A PHP_INI_SCAN_DIR the caller set
# is kept in front.
case ":${PHP_INI_SCAN_DIR:-}:" in
	*":$repo/scripts/ini:"*) ;;
	*) export PHP_INI_SCAN_DIR="${PHP_INI_SCAN_DIR:-}:$repo/scripts/ini" ;;
esac

# Test processes that run-tests gave up on (timeouts) outlive it: end their
# process group, which only the caller's children are in.
cleanup() {
	if [ -n "$current_group" ]; then
		kill -KILL -- "-$current_group" 2>/dev/null || true
	fi
}

# run_logged LOG CMD...: runs CMD in a process group of its own, shows its
# output as it comes (unless QUIET=1) and keeps it in LOG; returns CMD's
# status.
run_logged() {
	local log=$1 pid tailpid= rc
	shift
	: >"$log"
	setsid -w "$@" >"$log" 2>&1 </dev/null &
	pid=$!
	current_group=$pid
	if [ "${QUIET:-0}" != 1 ]; then
		tail -n +1 -s 0.5 -f --pid="$pid" "$log" &
		tailpid=$!
	fi
	wait "$pid"
	rc=$?
	cleanup
	current_group=
	[ -n "$tailpid" ] && wait "$tailpid" 2>/dev/null
	return $rc
}

# phpt_workdir WORK LINKBASE: WORK/tests becomes a copy of the checkout's
# tests/ (so run-tests' scratch files never land in the work tree and runs
# never trample each other's); every other top-level entry is a symlink to
# LINKBASE/entry, so a test may still reach ../../examples/. LINKBASE is
# the checkout as the tests will see it ($repo, or its copy in a chroot).
phpt_workdir() {
	local work=$1 base=$2 entry
	rm -rf "$work"
	mkdir -p "$work"
	tar -C "$repo" --exclude=tests/c/build -cf - tests | tar -C "$work" -xf -
	for entry in "$repo"/* "$repo"/.[!.]*; do
		case "${entry##*/}" in tests | .build-* | .git | '.[!.]*') continue ;; esac
		[ -e "$entry" ] && ln -s "$base/${entry##*/}" "$work/"
	done
}

# phpt_counts LOG RC: g_pass, g_fail and g_skip from run-tests' summary in
# LOG ("Tests passed    :   67 ( 89.3%) ( 90.5%)"); RC is its exit status.
# As for run-tests' own exit status, failed, borked and leaked tests fail;
# "warned" ones passed on their retry (run-tests retries a failed test that
# sleeps or reads the clock) and are listed under WARNED.
phpt_counts() {
	local log=$1 rc=$2 p f b w l s x xl
	field() { sed -n "s/^$1 *: *\([0-9][0-9]*\).*/\1/p" "$log" | tail -n 1; }
	p=$(field 'Tests passed') f=$(field 'Tests failed') b=$(field 'Tests borked')
	w=$(field 'Tests warned') l=$(field 'Tests leaked') s=$(field 'Tests skipped')
	x=$(field 'Expected fail') xl=$(field 'Expected leak')
	g_pass=0 g_fail=0 g_skip=0
	if [ -z "$p" ] || [ -z "$f" ]; then
		echo "FAILED: run-tests ended (status $rc) without its summary"
		g_fail=1
		return
	fi
	g_pass=$((p + ${w:-0}))
	g_fail=$((f + ${b:-0} + ${l:-0}))
	g_skip=$((${s:-0} + ${x:-0} + ${xl:-0}))
	if [ "$rc" -ne 0 ] && [ "$g_fail" -eq 0 ]; then
		echo "FAILED: run-tests exited $rc"
		g_fail=1
	fi
}

# The Debian PHP's run-tests.php on this machine (php8.2-dev).
run_tests_php() {
	local d
	d="$(php-config --extension-dir 2>/dev/null)/../build/run-tests.php"
	[ -f "$d" ] && { echo "$d"; return; }
	for d in /usr/lib/php/*/build/run-tests.php; do
		[ -f "$d" ] && { echo "$d"; return; }
	done
	return 1
}

# Valgrind's settings for the phpt suite: definite leaks count (run-tests'
# own -m does not look for leaks at all); the few tests where PHP itself
# leaks say so in an --XLEAK-- section.
CHAN_VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite"
