#!/usr/bin/env bash
# Builds chan against every PHP of the matrix and runs the phpt suite there.
#
#   scripts/matrix.sh [VERSION...]     (default: 8.2 8.4 8.5 8.6 zts)
#
#   8.2          this machine's PHP (Debian 12)
#   8.4          Debian unstable's php8.4      } in one chroot,
#   8.5, 8.6     Debian experimental's         } scripts/chroot.sh
#   zts          a debug ZTS PHP 8.2 built from Debian's source package
#                (scripts/php-zts.sh): Zend assertions on, leaked request
#                memory reported
#
# For each: scripts/build.sh dev with that PHP's phpize (-Wall -Wextra
# -Werror), the phpt suite (run-tests -j2), the suite again under valgrind
# with definite leaks failing a test (on the versions in
# CHAN_MATRIX_VALGRIND_ON, default "8.2 8.6": the oldest and the newest
# engine; 8.4's and 8.5's sit between them, and each valgrind pass costs
# 12 to 15 minutes of CI's 60 (PHP alone starts in about 3 s under
# valgrind, and the suite starts it 400 times). Not for zts: its debug
# allocator checks leaks itself. CHAN_MATRIX_VALGRIND=0 skips valgrind everywhere),
# and, on the versions in CHAN_MATRIX_PECL_ON (default "8.2 8.6": the same
# tarball and the same PEAR everywhere; the build with each phpize is the
# step above), the `pecl package` tarball installed with that version's
# `pecl install`, loaded and uninstalled again (CHAN_MATRIX_PECL=0 skips
# it; zts has no pecl). Slow things are made once and kept in
# $CHAN_CACHE (/var/cache/chan): the chroot and the ZTS PHP.
#
# Prints one line per version, then "N passed, M failed" (", K skipped")
# over every version. Logs: .build-test/matrix-VERSION-*.log. Exit status 0
# only when nothing failed.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
. scripts/lib.sh
logs="$repo/.build-test"
mkdir -p "$logs"
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(8.2 8.4 8.5 8.6 zts)
for v in "${versions[@]}"; do
	case "$v" in 8.2 | 8.4 | 8.5 | 8.6 | zts) ;; *)
		echo "matrix: unknown version $v (8.2 8.4 8.5 8.6 zts)" >&2
		exit 2
		;;
	esac
done

total_pass=0 total_fail=0 total_skip=0
rows=()
tarball=

# Copies the work tree into the chroot, once per run.
synced=
sync_to_chroot() {
	[ -n "$synced" ] && return 0
	scripts/chroot.sh --sync && synced=1
}

# Where each step of a version runs: in_php CMD... (host or chroot).
in_php() { "${inside[@]}" "$@"; }

# phpt_step LABEL [run-tests options]: the suite against $so; adds to the
# row and the totals.
phpt_step() {
	local label=$1 log="$logs/matrix-$v-$1.log" t0=$SECONDS rc
	shift
	phpt_workdir "$work_host/$label" "$linkbase"
	QUIET=1 run_logged "$log" "${inside[@]}" env -C "$work_seen/$label" "$php" "$rt" -P -q -j2 --show-diff --no-color \
		--no-progress --show-slow 10000 "$@" -d extension="$so" tests
	rc=$?
	phpt_counts "$log" "$rc"
	grep -E '^(FAIL|LEAK|BORK)' "$log" | sed "s/^/  $v $label: /"
	add_counts "$label $g_pass/$g_fail/$g_skip ($((SECONDS - t0))s)"
}

add_counts() {
	row+=" | $1"
	total_pass=$((total_pass + g_pass))
	total_fail=$((total_fail + g_fail))
	total_skip=$((total_skip + g_skip))
}

# The PECL tarball, made once: pecl package reads package.xml's file list.
make_tarball() {
	[ -n "$tarball" ] && return 0
	local dir="$logs/pecl"
	rm -rf "$dir"
	mkdir -p "$dir"
	(cd "$dir" && pecl package "$repo/package.xml") >"$logs/matrix-pecl-package.log" 2>&1 || return 1
	tarball=$(ls "$dir"/chan-*.tgz 2>/dev/null | head -n 1)
	[ -n "$tarball" ]
}

# pecl install of the tarball into this version, loaded, uninstalled.
pecl_step() {
	local log="$logs/matrix-$v-pecl.log" t0=$SECONDS tgz ok=1
	g_pass=0 g_fail=0 g_skip=0
	if ! make_tarball; then
		echo "  $v pecl: pecl package failed (log: ${logs#"$repo"/}/matrix-pecl-package.log)"
		g_fail=1
		add_counts "pecl FAILED"
		return
	fi
	tgz=$tarball
	if [ -n "$chrooted" ]; then
		cp "$tarball" "$root/build/"
		tgz="/build/$(basename "$tarball")"
	fi
	{
		in_php pecl uninstall chan >/dev/null 2>&1
		in_php pecl -d php_suffix="$suffix" install "$tgz" &&
			in_php "$php" -n -d extension=chan -r 'exit(extension_loaded("chan") && function_exists("Chan\\go") ? 0 : 1);' &&
			echo "loaded: chan $(in_php "$php" -n -d extension=chan -r 'echo phpversion("chan");')"
	} >"$log" 2>&1 || ok=0
	in_php pecl uninstall chan >>"$log" 2>&1 || ok=0
	if [ "$ok" = 1 ]; then
		g_pass=1
		add_counts "pecl ok ($((SECONDS - t0))s)"
	else
		g_fail=1
		tail -n 5 "$log" | sed "s/^/  $v pecl: /"
		add_counts "pecl FAILED"
	fi
}

run_version() {
	local t0=$SECONDS zts build_log
	chrooted= suffix= inside=()
	case "$v" in
		8.2)
			php=php rt=$(run_tests_php) linkbase=$repo work_host="$logs/matrix-$v" work_seen=$work_host
			build=(scripts/build.sh dev)
			;;
		zts)
			if ! zts=$(scripts/php-zts.sh); then
				rows+=("zts: FAILED to build the debug ZTS PHP")
				total_fail=$((total_fail + 1))
				return
			fi
			php="$zts/bin/php" rt="$zts/lib/php/build/run-tests.php" linkbase=$repo
			work_host="$logs/matrix-$v" work_seen=$work_host
			build=(env PHP_CONFIG="$zts/bin/php-config" PHPIZE="$zts/bin/phpize" CHAN_BUILD_DIR="$repo/.build-zts"
				scripts/build.sh dev)
			;;
		*)
			if ! root=$(scripts/chroot.sh) || ! sync_to_chroot; then
				rows+=("$v: FAILED to make the chroot")
				total_fail=$((total_fail + 1))
				return
			fi
			chrooted=1 suffix=$v php="php$v" linkbase=/build/src inside=(scripts/chroot.sh)
			rt="/usr/lib/php/$(basename "$(scripts/chroot.sh "php-config$v" --extension-dir)")/build/run-tests.php"
			work_host="$root/build/phpt-$v" work_seen="/build/phpt-$v"
			build=(scripts/chroot.sh env PHP_CONFIG="php-config$v" PHPIZE="phpize$v" CHAN_BUILD_DIR="/build/out-$v"
				bash /build/src/scripts/build.sh dev)
			;;
	esac
	row="$v: $(in_php "$php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS", PHP_DEBUG ? " debug" : "";')"
	build_log="$logs/matrix-$v-build.log"
	g_pass=0 g_fail=0 g_skip=0
	if so=$("${build[@]}" 2>"$build_log"); then
		g_pass=1
		add_counts "build ok"
	else
		g_fail=1
		sed "s/^/  $v build: /" "$build_log" | head -n 20
		add_counts "build FAILED"
		rows+=("$row")
		return
	fi
	phpt_step phpt
	if [ "${CHAN_MATRIX_VALGRIND:-1}" = 1 ] && [[ " ${CHAN_MATRIX_VALGRIND_ON:-8.2 8.6} " == *" $v "* ]]; then
		VALGRIND_OPTS=$CHAN_VALGRIND_OPTS phpt_step valgrind -m
	fi
	if [ "${CHAN_MATRIX_PECL:-1}" = 1 ] && [ "$v" != zts ] && [[ " ${CHAN_MATRIX_PECL_ON:-8.2 8.6} " == *" $v "* ]]; then
		pecl_step
	fi
	rows+=("$row | $((SECONDS - t0))s")
}

for v in "${versions[@]}"; do
	echo "--- matrix: PHP $v"
	run_version
	echo "${rows[-1]}"
done

echo
echo "=== matrix (passed/failed/skipped)"
printf '%s\n' "${rows[@]}"
line="$total_pass passed, $total_fail failed"
[ "$total_skip" -gt 0 ] && line="$line, $total_skip skipped"
echo "$line"
[ "$total_fail" -eq 0 ]
