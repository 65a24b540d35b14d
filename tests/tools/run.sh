#!/usr/bin/env bash
# The phpt suite with the tools PHP developers load: Xdebug and pcov.
#
#   tests/tools/run.sh --so=CHAN_SO [--php=BIN] [--no-install] [--keep]
#
# Installs what is missing (phpX.Y-xdebug and phpX.Y-pcov for BIN's version,
# Debian's packages; needs root). Debian's packages enable themselves in
# every SAPI's conf.d: a package this script installed is disabled again
# (phpdismod), one that was there before is left as it was found. Where
# conf.d loads a tool, scripts/lib.sh's ini makes it inert for every other
# gate and benchmark. Then runs the whole phpt suite (tests/, from a copy)
# three times with BIN's run-tests.php:
#   develop,coverage  Xdebug, XDEBUG_MODE=develop,coverage
#   debug             Xdebug, XDEBUG_MODE=debug
#   pcov              pcov, pcov.enabled=1 on the tests' files
# A tool is loaded with -d zend_extension=/-d extension= only when BIN does
# not load it already (php -m), so it is never loaded twice.
# run-tests.php sets xdebug.mode=off when Xdebug is loaded; the environment
# variable XDEBUG_MODE overrides it, for the tests and their SKIPIF.
#
# debug and pcov change no output: every test must pass as it does without
# them. develop rewrites var_dump()'s output (file:line, its own format) and
# appends call stacks to error messages, so in that run a test fails only
# when PHP died of a signal (run-tests' "Termsig="), overflowed a
# coroutine's C stack where the test expects no overflow, hung (timed out),
# leaked or was borked; a test whose output merely differs counts as
# passed, and the summary says how many did, except in tests/tools/
# (written for Xdebug: their output counts there too).
#
# Prints run-tests' summary per run and last `N passed, M failed`
# (`, K skipped`), summed; exit status 1 if anything failed. When the
# packages cannot be installed (not root, no apt-get, no network) every run
# is skipped, with the reason, and the exit status is 0. --no-install never
# installs. --keep keeps the directory the tests ran in.
#
# Paths are relative to this script, so it also runs inside the chroot of
# scripts/chroot.sh:
#   scripts/chroot.sh /build/src/tests/tools/run.sh --php=/usr/bin/php8.4 --so=/build/out-8.4/modules/chan.so
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
php=php so= install=1 keep=0
usage() { sed -n '4p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
for arg in "$@"; do
	case "$arg" in
		--so=*) so=${arg#*=} ;;
		--php=*) php=${arg#*=} ;;
		--no-install) install=0 ;;
		--keep) keep=1 ;;
		-h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
		*) usage ;;
	esac
done
[ -n "$so" ] || usage
[ -f "$so" ] || { echo "tools: no such chan.so: $so" >&2; exit 2; }
so=$(cd "$(dirname "$so")" && pwd)/$(basename "$so")
command -v "$php" >/dev/null || { echo "tools: no such php: $php" >&2; exit 2; }
php=$(command -v "$php")
. "$repo/scripts/lib.sh"

ver=$("$php" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
ext_dir=$("$php" -n -r 'echo PHP_EXTENSION_DIR;')
runs=3
t0=$SECONDS

skip_all() {
	echo "tools: SKIPPED all $runs runs: $*"
	echo "0 passed, 0 failed, $runs skipped"
	exit 0
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }
missing=()
for p in "php$ver-xdebug" "php$ver-pcov"; do
	installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$install" = 1 ] || skip_all "missing packages: ${missing[*]} (--no-install)"
	[ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null || skip_all "missing packages: ${missing[*]} (not root)"
	log=$(mktemp)
	policy=
	if [ ! -e /usr/sbin/policy-rc.d ]; then # no package may start php-fpm's service
		policy=/usr/sbin/policy-rc.d
		printf '#!/bin/sh\nexit 101\n' >"$policy"
		chmod +x "$policy"
	fi
	# Sid's experimental suite (the chroot) may be past its Valid-Until date.
	if { apt-get -o Acquire::Check-Valid-Until=false update -qq &&
		DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false install -y -qq \
			--no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
		echo "tools: installed ${missing[*]} in $((SECONDS - t0))s"
		# They were not enabled before: leave conf.d as it was found.
		mods=("${missing[@]#php"$ver"-}")
		command -v phpdismod >/dev/null && phpdismod -v "$ver" -s ALL "${mods[@]}"
	else
		tail -n 20 "$log"
		[ -n "$policy" ] && rm -f "$policy"
		rm -f "$log"
		skip_all "missing packages that could not be installed: ${missing[*]}"
	fi
	[ -n "$policy" ] && rm -f "$policy"
	rm -f "$log"
fi
for f in xdebug pcov; do
	[ -f "$ext_dir/$f.so" ] || skip_all "$ext_dir/$f.so is missing"
done
# What BIN loads by itself (php.ini, conf.d), as the tests' PHP will see it.
# grep reads all of php -m's output: with pipefail, grep -q would leave as
# soon as it matched, php -m then fail writing the rest (exit 255), and the
# tool be loaded a second time now and then.
loads() { "$php" -m 2>/dev/null | grep -ix "$1" >/dev/null; }
xdebug_load=(-d zend_extension=xdebug) pcov_load=(-d extension=pcov)
loads xdebug && xdebug_load=() && echo "tools: $php loads Xdebug already (conf.d)"
loads pcov && pcov_load=() && echo "tools: $php loads pcov already (conf.d)"

rt="$ext_dir/build/run-tests.php"
if [ ! -f "$rt" ]; then
	echo "tools: FAILED: no run-tests.php at $rt (php$ver-dev)"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "tools: PHP $("$php" -n -r 'echo PHP_VERSION;') ($php), Xdebug $("$php" -n -d zend_extension=xdebug -r 'echo phpversion("xdebug");'), pcov $("$php" -n -d extension=pcov -r 'echo phpversion("pcov");'), chan.so $so"

top=$(mktemp -d "${TMPDIR:-/tmp}/chan-tools.XXXXXX") || exit 1
finish() {
	trap - EXIT INT TERM HUP
	cleanup # scripts/lib.sh: run-tests' process group, if still there
	if [ "$keep" = 1 ]; then
		echo "tools: kept $top"
	else
		rm -rf "$top"
	fi
}
trap finish EXIT
trap 'exit 130' INT TERM HUP

opts=(-P -q -j2 --show-diff --show-slow 10000 -d extension="$so")
[ -t 1 ] || opts+=(--no-color --no-progress)
sum_p=0 sum_f=0 sum_s=0

# suite NAME ENV... -- RUN-TESTS-ARGS...: the suite on a copy of tests/.
suite() {
	local name=$1 envs=() work="$top/$1" rc
	shift
	while [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	shift
	phpt_workdir "$work" "$repo"
	cp "$rt" "$work/run-tests.php" # 8.2's writes run-test-info.php beside itself
	echo
	echo "=== $name"
	run_logged "$work.log" env -C "$work" "${envs[@]}" "$php" "$work/run-tests.php" "${opts[@]}" "$@" tests
	rc=$?
	phpt_counts "$work.log" "$rc"
}

# develop: a failed test counts only when PHP crashed or hung in it.
suite develop,coverage XDEBUG_MODE=develop,coverage -- "${xdebug_load[@]}"
if [ "$g_fail" -gt 0 ]; then
	crashed=0 differ=0
	while read -r t; do
		out="$top/develop,coverage/${t%.phpt}.out"
		exp="${out%.out}.exp"
		if grep -qE '^Termsig=|\*\* ERROR: process timed out \*\*' "$out" 2>/dev/null ||
			{ grep -q 'overflowed its C stack' "$out" 2>/dev/null && ! grep -q 'overflowed its C stack' "$exp" 2>/dev/null; }; then
			echo "tools: CRASHED or HUNG under Xdebug develop,coverage: $t"
			crashed=$((crashed + 1))
		elif [[ $t == tests/tools/* ]]; then
			echo "tools: FAILED under Xdebug develop,coverage: $t (written for Xdebug: its output counts)"
			crashed=$((crashed + 1))
		else
			differ=$((differ + 1))
		fi
	done < <(sed -n 's/^FAIL .*\[\(tests\/[^]]*\.phpt\)\] *$/\1/p' "$top/develop,coverage.log")
	leaked=$(grep -cE '^(LEAK|BORK)' "$top/develop,coverage.log")
	echo "tools: develop,coverage: $differ tests print Xdebug's develop formatting (not failures), $crashed failed, $leaked leaked or borked"
	g_pass=$((g_pass + differ))
	g_fail=$((crashed + leaked))
fi
sum_p=$((sum_p + g_pass)) sum_f=$((sum_f + g_fail)) sum_s=$((sum_s + g_skip))

suite debug XDEBUG_MODE=debug -- "${xdebug_load[@]}"
sum_p=$((sum_p + g_pass)) sum_f=$((sum_f + g_fail)) sum_s=$((sum_s + g_skip))

suite pcov -- "${pcov_load[@]}" -d pcov.enabled=1 -d pcov.directory="$top/pcov/tests"
sum_p=$((sum_p + g_pass)) sum_f=$((sum_f + g_fail)) sum_s=$((sum_s + g_skip))

echo
echo "tools: $((SECONDS - t0))s"
line="$sum_p passed, $sum_f failed"
[ "$sum_s" -gt 0 ] && line="$line, $sum_s skipped"
echo "$line"
[ "$sum_f" -eq 0 ]
