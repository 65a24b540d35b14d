#!/usr/bin/env bash
# Runs the PHP argument fuzzer (args_fuzz.php) in a child PHP process and
# fails on a crash, a hang, a fatal error or a finding.
#
#   tests/fuzz/args_fuzz.sh [--seed=N] [--iterations=N] [--batch=N] [--asan] [--valgrind]
#
# Without --seed a random seed is drawn and printed first, so any run can be
# repeated. On failure it prints the reason (signal name, exit status, time
# out) and the command lines that reproduce it: the whole run, and the
# iteration it was in alone.
#
# Environment: PHP (default php), CHAN_SO (default modules/chan.so of this
# checkout), ARGS_FUZZ_TIMEOUT (seconds before the run counts as hung,
# default 900).
#   --asan      loads the ASan+UBSan build (.build-asan/modules/chan.so, made by
#               scripts/build.sh asan) the way scripts/test.sh does; an ASan
#               report fails the run
#   --valgrind  runs PHP under valgrind (memcheck); any error fails the run
# Last line: "args_fuzz.sh: ok ..." or "args_fuzz.sh: FAIL ..."; exit status 0
# only when the fuzzer said ok.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
php=${PHP:-php}
so=${CHAN_SO:-$repo/modules/chan.so}
limit=${ARGS_FUZZ_TIMEOUT:-900}
seed= iterations= extra=() asan=0 valgrind=0

for arg in "$@"; do
	case "$arg" in
		--seed=*) seed=${arg#--seed=} ;;
		--iterations=*) iterations=${arg#--iterations=} ;;
		--batch=*) extra+=("$arg") ;;
		--asan) asan=1 ;;
		--valgrind) valgrind=1 ;;
		-h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
		*) echo "args_fuzz.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
	esac
done
if [ -z "$seed" ]; then
	seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	seed=$((seed % 2147483647 + 1))
fi
[ -n "$iterations" ] && extra+=("--iterations=$iterations")

prefix=() envs=()
if [ "$asan" = 1 ]; then
	so=${CHAN_SO:-$repo/.build-asan/modules/chan.so}
	shim=$repo/.build-asan/nodeepbind.so
	libasan=$(gcc -print-file-name=libasan.so)
	if [ ! -f "$so" ] || [ ! -f "$shim" ] || [ ! -e "$libasan" ]; then
		echo "args_fuzz.sh: FAIL: no ASan build ($so, $shim, $libasan): run scripts/build.sh asan" >&2
		exit 2
	fi
	envs=(LD_PRELOAD="$shim $libasan" USE_ZEND_ALLOC=0
		ASAN_OPTIONS="verify_asan_link_order=0:detect_leaks=0:halt_on_error=1:fast_unwind_on_malloc=0:abort_on_error=1"
		UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1")
fi
if [ "$valgrind" = 1 ]; then
	prefix=(valgrind -q --error-exitcode=99 --leak-check=no)
	envs+=(USE_ZEND_ALLOC=0)
fi
if [ ! -f "$so" ]; then
	echo "args_fuzz.sh: FAIL: $so not found (build the extension first, or set CHAN_SO)" >&2
	exit 2
fi

progress=$(mktemp)
out=$(mktemp)
trap 'rm -f "$progress" "$progress.tmp" "$out"' EXIT

echo "args_fuzz.sh: seed $seed"
reproduce="$php -d extension=$so $here/args_fuzz.php --seed=$seed ${extra[*]}"
start=$SECONDS
# The fuzzer runs in its own child; its output is shown and kept.
env "${envs[@]}" timeout -k 10 "$limit" "${prefix[@]}" "$php" -d extension="$so" -d display_errors=stderr \
	-d error_reporting=-1 -d memory_limit=1G "$here/args_fuzz.php" --seed="$seed" --progress="$progress" \
	"${extra[@]}" 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
took=$((SECONDS - start))
last=$(cat "$progress" 2>/dev/null || true)

reason=
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	reason="hung: no result after ${limit}s"
elif [ "$rc" -gt 128 ]; then
	reason="killed by signal $(kill -l $((rc - 128)) 2>/dev/null || echo $((rc - 128)))"
elif [ "$rc" = 99 ] && [ "$valgrind" = 1 ]; then
	reason="valgrind reported errors"
elif [ "$rc" != 0 ]; then
	reason="exit status $rc"
fi
if [ -z "$reason" ] && ! grep -q '^args_fuzz: ok, ' "$out"; then
	reason="no ok summary line"
fi
if [ -z "$reason" ] && grep -q '^args_fuzz: FAIL' "$out"; then
	reason="findings after the summary"
fi
if [ -z "$reason" ] && grep -qE '^(PHP )?(Fatal error|Warning|Notice|Deprecated)|AddressSanitizer|runtime error:' "$out"; then
	reason="PHP or sanitizer diagnostics in the output"
fi

if [ -n "$reason" ]; then
	crashed=1
	if [ "$rc" = 1 ] && grep -q '^args_fuzz: FAIL, [0-9]* findings' "$out"; then
		crashed=0 # findings only: each has its own reproduce line above
	fi
	if [ "$crashed" = 1 ]; then
		echo "args_fuzz.sh: FAIL ($reason) after ${took}s, seed $seed, in iteration ${last:-?}"
	else
		echo "args_fuzz.sh: FAIL (findings, listed above with their iterations) after ${took}s, seed $seed"
	fi
	if [ "$crashed" = 1 ] && [ -n "$last" ]; then
		# Everything up to the iteration it died in (deferred ones included: they have lower numbers).
		reproduce="$php -d extension=$so $here/args_fuzz.php --seed=$seed --iterations=$((last + 1))"
	fi
	pre=
	[ "${#envs[@]}" -gt 0 ] && pre+=$(printf '%q ' "${envs[@]}")
	[ "${#prefix[@]}" -gt 0 ] && pre+=$(printf '%q ' "${prefix[@]}")
	echo "  reproduce the run:       $pre$reproduce"
	if [ "$crashed" = 1 ] && [ -n "$last" ]; then
		echo "  that iteration alone:    $pre$php -d extension=$so $here/args_fuzz.php --seed=$seed --only=$last --verbose"
	fi
	exit 1
fi
echo "args_fuzz.sh: ok, seed $seed, ${took}s"
