#!/usr/bin/env bash
# The Revolt tests: revolt-driver/ (a Revolt event-loop driver on chan) under
# Revolt's own driver test suite, and tests/revolt/*.phpt.
#
#   tests/revolt/run.sh --so=CHAN_SO [--php=BIN] [--autoload=FILE] [--no-install]
#
# Revolt is Debian's php-revolt-event-loop (unstable; bookworm has none): its
# autoload.php is --autoload=FILE (for PHP 8.2 on the host the gate passes the
# chroot's copy: the package is PHP files only), else
# /usr/share/php/Revolt/EventLoop/autoload.php, installed with apt-get when
# missing (root). The suite is upstream's abstract test/Driver/DriverTest.php
# from the package's source (apt-get source, with a deb-src line for sid, and
# dpkg-dev to unpack it with Debian's patches), kept in $CHAN_CACHE/revolt-src;
# REVOLT_DRIVER_TEST=FILE names another copy.
# PHPUnit is Debian's phpunit (13 in sid: PHP 8.4 and later; bookworm's 9.6
# is not tried, so 8.2 runs the phpt tests only).
# DriverTest runs on Chan\Revolt\ChanDriver and, as the control, on Revolt's
# StreamSelectDriver; upstream's EventLoopTest on ChanDriver (REVOLT_DRIVER,
# less testFiberReuse: revolt-driver/README.md) and on the default driver.
# Prints `N passed, M failed[, K skipped]` last (PHPUnit's tests and the phpt
# tests); what cannot be had (no source package, no apt) is skipped with the
# reason, not failed. About 15 s per PHP.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
php=php so= autoload= install=1
for arg in "$@"; do
	case "$arg" in
		--so=*) so=${arg#*=} ;;
		--php=*) php=${arg#*=} ;;
		--autoload=*) autoload=${arg#*=} ;;
		--no-install) install=0 ;;
		-h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
		*) sed -n '5p' "$0" >&2; exit 2 ;;
	esac
done
[ -f "$so" ] || { echo "revolt: no such chan.so: $so" >&2; exit 2; }
ver=$("$php" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
. "$repo/scripts/lib.sh"
cache=${CHAN_CACHE:-/var/cache/chan}/revolt-src
pass=0 fail=0 skip=0
apt() { DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false -q "$@"; }
can_apt() { [ "$install" = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }

# Revolt itself.
if [ -z "$autoload" ]; then
	autoload=/usr/share/php/Revolt/EventLoop/autoload.php
	if [ ! -f "$autoload" ] && can_apt; then
		apt install -y --no-install-recommends php-revolt-event-loop >/dev/null 2>&1 ||
			{ apt update >/dev/null 2>&1 && apt install -y --no-install-recommends php-revolt-event-loop >/dev/null 2>&1; }
	fi
fi
if [ ! -f "$autoload" ]; then
	n=$(ls "$here"/*.phpt | wc -l)
	echo "revolt: SKIPPED everything: no Revolt ($autoload; php-revolt-event-loop is in Debian unstable)"
	echo "0 passed, 0 failed, $((n + 2)) skipped"
	exit 0
fi
echo "revolt: PHP $("$php" -n -r 'echo PHP_VERSION;'), Revolt $autoload"

# The phpt tests.
rt="$("$php" -n -r 'echo PHP_EXTENSION_DIR;')/build/run-tests.php"
log=$(mktemp)
if [ -f "$rt" ]; then
	REVOLT_AUTOLOAD=$autoload TEST_PHP_EXECUTABLE=$php "$php" "$rt" -q --no-color --show-diff -P \
		-d extension="$so" "$here" >"$log" 2>&1
	rc=$?
	grep -E '^(FAIL|SKIP|LEAK|BORK)' "$log"
	sed -n '/^========DIFF/,/^========DONE/p' "$log"
	phpt_counts "$log" "$rc" # scripts/lib.sh: warned (an XLEAK test that does not leak) passes
	echo "revolt: phpt: $g_pass passed, $g_fail failed, $g_skip skipped"
	pass=$((pass + g_pass)) fail=$((fail + g_fail)) skip=$((skip + g_skip))
else
	echo "revolt: FAILED: no run-tests.php at $rt (php$ver-dev)"
	fail=$((fail + 1))
fi

# Upstream's driver suite: PHPUnit 13 needs PHP 8.4.
suite() {
	if [ "$("$php" -n -r 'echo PHP_VERSION_ID >= 80400 ? 1 : 0;')" != 1 ]; then
		echo "revolt: DriverTest SKIPPED: Debian's PHPUnit 13 needs PHP 8.4 (bookworm's phpunit 9.6 is not tried: sid's tests are for 13)"
		return 1
	fi
	if { [ ! -x /usr/bin/phpunit ] || ! "$php" -r 'exit(extension_loaded("mbstring") && extension_loaded("dom") ? 0 : 1);'; } && can_apt; then
		apt install -y --no-install-recommends phpunit "php$ver-mbstring" "php$ver-xml" >/dev/null 2>&1
	fi
	[ -x /usr/bin/phpunit ] || { echo "revolt: DriverTest SKIPPED: no phpunit"; return 1; }
	driver_test=${REVOLT_DRIVER_TEST:-}
	if [ -z "$driver_test" ]; then
		driver_test=$(ls "$cache"/*/test/Driver/DriverTest.php 2>/dev/null | head -n 1)
	fi
	if [ -z "$driver_test" ] && can_apt; then
		mkdir -p "$cache"
		[ -f /etc/apt/sources.list.d/chan-revolt-src.list ] ||
			{ echo "deb-src http://deb.debian.org/debian sid main" >/etc/apt/sources.list.d/chan-revolt-src.list && apt update >/dev/null 2>&1; }
		# dpkg-source (dpkg-dev) unpacks it with Debian's patches applied (they adapt the tests to
		# Debian's PHPUnit).
		command -v dpkg-source >/dev/null || apt install -y --no-install-recommends dpkg-dev >/dev/null 2>&1
		if (cd "$cache" && apt source php-revolt-event-loop >/dev/null 2>&1); then
			driver_test=$(ls "$cache"/*/test/Driver/DriverTest.php 2>/dev/null | head -n 1)
		fi
	fi
	if [ -z "$driver_test" ] || [ ! -f "$driver_test" ]; then
		echo "revolt: DriverTest SKIPPED: the source package php-revolt-event-loop could not be had (apt-get source)"
		return 1
	fi
	local event_loop_test
	event_loop_test=$(dirname "$(dirname "$driver_test")")/EventLoopTest.php
	# label  driver-class-for-REVOLT_DRIVER  exclude-filter  test-file
	phpunit_run ChanDriverTest "" "" "$repo/revolt-driver/test/ChanDriverTest.php"
	phpunit_run StreamSelectDriverTest "" "" "$repo/revolt-driver/test/StreamSelectDriverTest.php"
	if [ -f "$event_loop_test" ]; then
		# testFiberReuse asserts that callbacks run in a Fiber: on chan they run in coroutines
		# (revolt-driver/README.md, documented differences).
		phpunit_run "EventLoopTest on ChanDriver" 'Chan\Revolt\ChanDriver' 'testFiberReuse' "$event_loop_test"
		phpunit_run "EventLoopTest on the default driver" "" "" "$event_loop_test"
	fi
}

# phpunit_run LABEL REVOLT_DRIVER EXCLUDE FILE: one PHPUnit run, counted.
phpunit_run() {
	local label=$1 driver=$2 exclude=$3 file=$4 out tests errors failures skipped opts=()
	[ -n "$exclude" ] && opts+=(--exclude-filter "$exclude")
	out=$(REVOLT_DRIVER=$driver REVOLT_AUTOLOAD=$autoload REVOLT_DRIVER_TEST=$driver_test "$php" -d extension="$so" \
		/usr/bin/phpunit "${opts[@]}" --bootstrap "$repo/revolt-driver/test/bootstrap.php" "$file" 2>&1)
	echo "$out" | grep -vE '^(PHPUnit [0-9]|Runtime:|$)'
	if [[ $out =~ OK\ \(([0-9]+)\ test ]]; then
		tests=${BASH_REMATCH[1]} errors=0 failures=0 skipped=0
	elif [[ $out =~ Tests:\ ([0-9]+) ]]; then
		tests=${BASH_REMATCH[1]}
		errors=$(grep -oE 'Errors: [0-9]+' <<<"$out" | grep -oE '[0-9]+' || echo 0)
		failures=$(grep -oE 'Failures: [0-9]+' <<<"$out" | grep -oE '[0-9]+' || echo 0)
		skipped=$(grep -oE 'Skipped: [0-9]+' <<<"$out" | grep -oE '[0-9]+' || echo 0)
	else
		tests=1 errors=1 failures=0 skipped=0
	fi
	echo "revolt: $label: $((tests - errors - failures - skipped)) passed, $((errors + failures)) failed, $skipped skipped${exclude:+ (left out: $exclude)}"
	pass=$((pass + tests - errors - failures - skipped)) fail=$((fail + errors + failures)) skip=$((skip + skipped))
}
suite || skip=$((skip + 4)) # DriverTest twice, EventLoopTest twice
rm -f "$log"
line="$pass passed, $fail failed"
[ "$skip" -gt 0 ] && line="$line, $skip skipped"
echo "$line"
[ "$fail" -eq 0 ]
