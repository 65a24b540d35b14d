#!/usr/bin/env bash
# Tests chan's PHPUnit extension with Debian's phpunit: runs the fixture
# suite (tests/fixtures/LeakTest.php) with the extension and, in part,
# without it, and checks every test's outcome from the JUnit XML
# (tests/check.php: leaking tests fail naming their coroutines, the tests
# after them pass; without the extension the tests after them break). Then
# tests/leakcheck.php checks LeakCheck on its own, without PHPUnit: every way
# of leaving coroutines behind and of ending them.
#
#   phpunit-extension/tests/run.sh --so=CHAN_SO [--php=BIN] [--phpunit=PATH] [--no-install] [--keep]
#
# --php: the PHP to run phpunit with (default: php). --phpunit: the phpunit
# script (default: /usr/bin/phpunit, Debian's package: 9.6 on Debian 12,
# 13 on sid). PHPUnit 9 gets the listener (fixtures/phpunit9.xml), 10 and
# later the extension (fixtures/phpunit.xml). When phpunit is missing it is
# installed with apt-get (as root; --no-install: never, fail instead).
# chan.so is loaded with -d extension=CHAN_SO unless the PHP loads chan
# already; Xdebug, if loaded, is off (XDEBUG_MODE=off). The suite runs in a
# copy of this directory in a temporary one (--keep keeps it, for its JUnit
# XML and console output).
#
# Output: each run's console output, then one "ok:"/"FAILED:" line per
# check, and "N passed, M failed" last. Exit status 0 only when all passed.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
ext=$(dirname "$here")
php=php so= phpunit=/usr/bin/phpunit install=1 keep=0
for arg in "$@"; do
	case "$arg" in
		--so=*) so=${arg#--so=} ;;
		--php=*) php=${arg#--php=} ;;
		--phpunit=*) phpunit=${arg#--phpunit=} ;;
		--no-install) install=0 ;;
		--keep) keep=1 ;;
		-h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
		*) echo "run.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
	esac
done

fail_all() { # fail_all MESSAGE: the run could not happen
	echo "FAILED: $1"
	echo "0 passed, 1 failed"
	exit 1
}

[ -n "$so" ] || fail_all "--so=CHAN_SO is required"
[ -f "$so" ] || fail_all "no chan.so at $so"
command -v "$php" >/dev/null || fail_all "no PHP $php"

if [ ! -f "$phpunit" ]; then
	[ "$install" = 1 ] || fail_all "$phpunit is missing (--no-install)"
	[ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null || fail_all "$phpunit is missing and apt-get cannot run here (not root?)"
	t0=$SECONDS
	log=$(mktemp)
	# experimental's Release file may be past its Valid-Until (the chroot).
	if ! { apt-get -o Acquire::Check-Valid-Until=false update -qq &&
		DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false -o DPkg::Lock::Timeout=600 \
			install -y -qq --no-install-recommends phpunit; } >"$log" 2>&1; then
		tail -n 30 "$log"
		rm -f "$log"
		fail_all "apt-get could not install phpunit"
	fi
	rm -f "$log"
	echo "phpunit: installed Debian's phpunit in $((SECONDS - t0))s"
fi
[ -f "$phpunit" ] || fail_all "$phpunit is still missing after installing phpunit"

ini=()
"$php" -m 2>/dev/null | grep -qx chan || ini=(-d "extension=$so")
export XDEBUG_MODE=off

version=$("$php" "${ini[@]}" "$phpunit" --version 2>&1 | sed -n 's/^PHPUnit \([0-9][0-9.]*\).*/\1/p' | head -n 1)
[ -n "$version" ] || fail_all "$php $phpunit --version says no version: $("$php" "${ini[@]}" "$phpunit" --version 2>&1 | head -n 3)"
major=${version%%.*}
if [ "$major" -lt 9 ]; then
	fail_all "PHPUnit $version: the extension needs 9.6 or later"
elif [ "$major" -eq 9 ]; then
	config=phpunit9.xml
else
	config=phpunit.xml
fi
echo "phpunit: PHPUnit $version on $("$php" -r 'echo PHP_VERSION;'), config fixtures/$config"

work=$(mktemp -d "${TMPDIR:-/tmp}/chan-phpunit.XXXXXX")
if [ "$keep" = 1 ]; then
	echo "phpunit: work directory $work (kept)"
else
	trap 'rm -rf "$work"' EXIT
fi
cp -R "$ext/autoload.php" "$ext/src" "$ext/tests" "$work/"
fixtures="$work/tests/fixtures"

# run_phpunit RESULT CONFIG ARG...: one run in the fixtures directory, its
# console output in $work/RESULT.out, its JUnit XML in $work/RESULT.xml; sets
# status. timeout: a leftover the extension failed to end could hang it.
run_phpunit() {
	local result=$1 config=$2
	shift 2
	(cd "$fixtures" && timeout 120 "$php" "${ini[@]}" "$phpunit" -c "$config" --log-junit "$work/$result.xml" "$@") \
		>"$work/$result.out" 2>&1
	status=$?
	echo "--- $result: phpunit -c $config $* (exit status $status)"
	cat "$work/$result.out"
}

run_phpunit with "$config"
with_status=$status
run_phpunit bare phpunit-bare.xml --filter '/test(Leaks|After)(Queued|Parked)Coroutine$/'

echo "--- checks"
checks="$work/checks.out"
"$php" "$here/check.php" --fixture="$fixtures/LeakTest.php" --with="$work/with.xml" --with-status="$with_status" \
	--with-output="$work/with.out" --bare="$work/bare.xml" >"$checks" 2>&1
status=$?
timeout 120 "$php" "${ini[@]}" "$work/tests/leakcheck.php" >>"$checks" 2>&1
status=$((status | $?))
cat "$checks"
passed=$(grep -c '^ok:' "$checks")
failed=$(grep -c '^FAILED:' "$checks")
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
	echo "FAILED: check.php or leakcheck.php exited with an error and no failed check (see above)"
	failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
