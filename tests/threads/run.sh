#!/usr/bin/env bash
# chan in several threads of one process at once (see README.md here).
#
#   tests/threads/run.sh --so=PATH/chan.so [--prefix=ZTS_PHP_PREFIX]
#
# PREFIX (default $CHAN_ZTS_PREFIX, else what scripts/php-zts.sh prints) is
# a ZTS PHP with the embed SAPI (lib/libphp.so); PATH/chan.so is built for
# it, e.g.
#   P=$(scripts/php-zts.sh)
#   so=$(PHP_CONFIG=$P/bin/php-config PHPIZE=$P/bin/phpize CHAN_BUILD_DIR=/tmp/chan-zts-build scripts/build.sh dev)
#   tests/threads/run.sh --prefix=$P --so=$so
#
# Prints one line per check ("ok: ..." / "FAILED: ...") and ends with
# "N passed, M failed"; exits non-zero if anything failed. The harness is
# built in a temporary folder, which is kept (and named) only on failure.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
prefix=${CHAN_ZTS_PREFIX:-}
so=
for arg in "$@"; do
	case "$arg" in
	--prefix=*) prefix=${arg#--prefix=} ;;
	--so=*) so=${arg#--so=} ;;
	*) echo "usage: $0 --so=PATH/chan.so [--prefix=ZTS_PHP_PREFIX]" >&2; exit 2 ;;
	esac
done
if [ -z "$so" ]; then
	echo "usage: $0 --so=PATH/chan.so [--prefix=ZTS_PHP_PREFIX]" >&2
	exit 2
fi
so=$(cd "$(dirname "$so")" && pwd)/$(basename "$so")
if [ -z "$prefix" ]; then
	prefix=$("$here/../../scripts/php-zts.sh") || exit 1
fi

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAILED: $*"; failed=$((failed + 1)); }
finish() {
	echo "$passed passed, $failed failed"
	if [ "$failed" -eq 0 ]; then
		rm -rf "$work"
		exit 0
	fi
	echo "(logs kept in $work)" >&2
	exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/chan-threads.XXXXXX")
bin=$work/embed_threads

if [ ! -f "$so" ]; then
	fail "no chan.so at $so"
	finish
fi
if [ ! -f "$prefix/lib/libphp.so" ] || [ ! -x "$prefix/bin/php-config" ]; then
	fail "no ZTS PHP with the embed SAPI at $prefix (lib/libphp.so, bin/php-config)"
	finish
fi
if ! "$prefix/bin/php-config" --configure-options | grep -q -- '--enable-zts'; then
	fail "$prefix is not a ZTS build"
	finish
fi

# shellcheck disable=SC2046 # php-config --includes is a list of flags
if gcc -Wall -Wextra -Werror -pthread -g -O1 $("$prefix/bin/php-config" --includes) \
	-o "$bin" "$here/embed_threads.c" -L"$prefix/lib" -lphp -Wl,-rpath,"$prefix/lib" >"$work/gcc.log" 2>&1; then
	ok "harness compiles (gcc -Wall -Wextra -Werror -pthread, against $prefix/lib/libphp.so)"
else
	fail "harness does not compile:"
	sed 's/^/    /' "$work/gcc.log" | head -n 40
	finish
fi

# A crash: run it again under gdb and show where.
backtrace() { # name, harness args...
	local name=$1
	shift
	if ! command -v gdb >/dev/null; then
		echo "    (no gdb for a backtrace)"
		return
	fi
	timeout 120 gdb -q -batch -ex 'set pagination off' -ex run -ex bt -ex 'info threads' \
		--args "$bin" "$@" >"$work/$name.gdb" 2>&1
	echo "    backtrace ($work/$name.gdb):"
	grep -A 40 -m 1 'received signal' "$work/$name.gdb" | sed 's/^/    /' | head -n 60
}

# Every check of a normal-mode run: the harness's own lines, its exit
# status, and stderr, which must stay empty (a debug PHP reports leaks there;
# the harness catches PHP's log lines per request).
normal_run() { # threads, requests
	local name="normal T=$1 R=$2"
	local log=$work/normal-$1x$2
	timeout 60 "$bin" --so="$so" --dir="$here" --mode=normal --threads="$1" --requests="$2" >"$log.out" 2>"$log.err"
	local status=$?
	local oks fails
	oks=$(grep -c '^ok: ' "$log.out")
	fails=$(grep -c '^FAILED: ' "$log.out")
	grep -E '^(ok: |FAILED: |    )' "$log.out"
	passed=$((passed + oks))
	failed=$((failed + fails))
	if [ "$status" -eq 0 ] && [ "$fails" -eq 0 ] && [ "$oks" -ge "$1" ]; then
		ok "$name: harness exit status 0"
	elif [ "$status" -eq 124 ]; then
		fail "$name: timed out after 60 s (a hang: deadlock or lost wake-up?)"
	elif [ "$status" -gt 128 ]; then
		fail "$name: harness killed by signal $((status - 128))"
		backtrace "normal-$1x$2" --so="$so" --dir="$here" --mode=normal --threads="$1" --requests="$2"
	elif [ "$fails" -gt 0 ]; then
		fail "$name: harness exit status $status"
	else
		fail "$name: harness exit status $status with no FAILED line ($oks ok lines); it printed:"
		grep -vE '^(ok: |    )' "$log.out" | head -n 20 | sed 's/^/    stdout: /'
	fi
	if grep -qE 'Leaked|memory leaks detected|Freeing 0x|Last leak repeated' "$log.err"; then
		fail "$name: memory leaks reported on stderr:"
		head -n 20 "$log.err" | sed 's/^/    /'
	elif [ -s "$log.err" ]; then
		fail "$name: unexpected output on stderr:"
		head -n 20 "$log.err" | sed 's/^/    /'
	else
		ok "$name: nothing on stderr (no leaks, no stray errors)"
	fi
}

normal_run 4 20
normal_run 8 20
normal_run 8 150

# Overflow on a worker thread: chan's SIGSEGV handler must run on that
# thread's alternate signal stack and end the process with its fatal error.
log=$work/overflow
timeout 60 "$bin" --so="$so" --dir="$here" --mode=overflow --threads=3 --requests=2 >"$log.out" 2>"$log.err"
status=$?
grep -E '^(FAILED: |    )' "$log.out"
failed=$((failed + $(grep -c '^FAILED: ' "$log.out")))
want="PHP Fatal error:  Coroutine #2 overflowed its C stack of 64 KiB (chan.stack_size); infinite recursion? in $here/overflow.php on line 9"
if [ "$status" -eq 255 ]; then
	ok "overflow on thread 2: exit status 255"
elif [ "$status" -gt 128 ]; then
	fail "overflow on thread 2: killed by signal $((status - 128)), expected chan's fatal error and exit status 255"
	backtrace overflow --so="$so" --dir="$here" --mode=overflow --threads=3 --requests=2
else
	fail "overflow on thread 2: exit status $status, expected 255"
fi
if grep -qxF "$want" "$log.err"; then
	ok "overflow on thread 2: stderr has \"$want\""
else
	fail "overflow on thread 2: stderr lacks \"$want\"; it has:"
	head -n 20 "$log.err" | sed 's/^/    /'
fi
if grep -qx 'recursing on thread 2' "$log.out" && grep -qx 'first coroutine ran on thread 2' "$log.out" &&
	! grep -qE 'must not' "$log.out"; then
	ok "overflow on thread 2: it ran on thread 2 and nothing ran after the overflow"
else
	fail "overflow on thread 2: unexpected output:"
	head -n 20 "$log.out" | sed 's/^/    /'
fi
if grep -qE 'Leaked|memory leaks detected|Freeing 0x' "$log.err"; then
	fail "overflow: memory leaks reported on stderr"
	head -n 20 "$log.err" | sed 's/^/    /'
fi

finish
