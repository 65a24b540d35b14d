#!/usr/bin/env bash
# php-src's own tests of what chan hooks, with chan loaded and without.
#
#   tests/phpsrc/run.sh --so=CHAN_SO [--php=BIN] [--only=DIR] [--jobs=N] [--keep]
#
# chan hooks PHP's own blocking calls (chan.hooks: the "sleep", "stream",
# "dns" and "process" families, see hooks() in chan.stub.php). Loading chan must
# change nothing in what those calls do, and neither must a coroutine beside
# main, which makes every hooked call of main park instead of block. So
# php-src's own phpt files for those calls run three times over one copy of
# the files, with BIN's run-tests.php (Debian's phpX.Y-dev):
#   (a) without chan
#   (b) with -d extension=CHAN_SO
#   (c) with chan and -d auto_prepend_file=tests/phpsrc/beside.php, which
#       starts a coroutine that sleeps in a loop until the script ends
# and each test's outcome (PASS, FAIL, SKIP, BORK, LEAK, ...) in (b) and in
# (c) must be the one it had in (a): a test that fails without chan only has
# to fail with it too. WARN (passed on its retry: run-tests retries a failed
# test that sleeps or whose output says "timed out" and the like) counts as
# PASS and is listed.
#
# The tests: Debian's php8.2 source package. An unpacked tree under
# $CHAN_CACHE (default /var/cache/chan) is reused: scripts/php-zts.sh's
# (php-zts-src/src/php-8.2.*/, only there while it builds) or this script's
# own (php-src-tests/php-8.2.*/); otherwise the source is fetched as
# php-zts.sh fetches it (apt-get source against a private apt state holding
# bookworm's deb-src only) and the test folders kept in
# $CHAN_CACHE/php-src-tests. When it cannot be had (no network, not
# writable) every test is skipped, with the reason, and the exit status is 0.
# The directories (--only=DIR runs one of them, for development):
#   ext/standard/tests/network, streams, http   all
#   ext/sockets/tests                           all
#   ext/openssl/tests    all (the client's half of ServerClientTestCase runs
#                        in the test's own process, the handshake hooked)
#   ext/standard/tests/general_functions, misc, time
#                        those named *sleep* or calling sleep(), usleep(),
#                        time_nanosleep() or time_sleep_until()
#   ext/standard/tests/file  those naming fsockopen, stream_socket, http://,
#                        ftp://, tcp://, udp:// or unix://
#   ext/standard/tests/general_functions, misc, file  also those calling
#                        proc_open(), proc_close(), popen(), pclose(), exec(),
#                        shell_exec(), system(), passthru() or backticks
#   ext/mysqli/tests, ext/pdo_mysql/tests   all, against private MariaDB
#                        servers (tests/db/servers.sh, a unix socket, no TCP
#                        port): mysqlnd's reads and writes are hooked streams.
#                        Their three passes run at once, each on its own copy
#                        of the tests and its own server (the tests share
#                        tables, users and databases by fixed names), beside
#                        the passes of the directories above; mostly waiting,
#                        they add little time. Left out, with the reason,
#                        when the servers or PHP's mysqli/pdo_mysql cannot be
#                        had (servers.sh install needs root).
# less those in tests/phpsrc/skip.txt (left out on purpose, with the reason;
# a line `PATH c # reason` leaves a test out of pass (c) only).
# SKIP_ONLINE_TESTS=1 is set: php-src skips what needs the network outside
# the machine. SKIP_SLOW_TESTS is not: it would skip sleep(), usleep() and
# time_nanosleep()'s own tests. PHP processes a test starts itself
# (php -S servers, the workers of ext/openssl's ServerClientTestCase) run
# without chan; children of pcntl_fork() (the servers of http/server.inc and
# ftp/tests/server.inc) are the test's own process, chan and all.
#
# Prints a table of the outcomes per pass, then every test whose outcome in
# (b) or (c) differs from (a) with the start of its .diff, the tests that
# passed only on retry, the tests that fail in (a) and whose output differs
# in (b) or (c) (for information), and last `N passed, M failed`
# (`, K skipped`: skipped in all three passes); exit status 1 if any
# failed. About 5 minutes, most of it waiting (sleeps, timeouts), little
# CPU. --jobs=N runs run-tests with -jN (default 1: some tests bind fixed
# ports without declaring a conflict; -j2 gave the same outcomes when tried,
# and saves little). --keep keeps the directory the tests ran in: per pass,
# the log and the .out/.diff of every test that did not pass.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
php=/usr/bin/php8.2 so= only= keep=0 jobs=1
usage() { sed -n '4p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
for arg in "$@"; do
	case "$arg" in
		--so=*) so=${arg#*=} ;;
		--php=*) php=${arg#*=} ;;
		--only=*) only=${arg#*=} ;;
		--jobs=*) jobs=${arg#*=} ;;
		--keep) keep=1 ;;
		-h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
		*) usage ;;
	esac
done
[ -n "$so" ] || usage
[ -f "$so" ] || { echo "phpsrc: no such chan.so: $so" >&2; exit 2; }
so=$(cd "$(dirname "$so")" && pwd)/$(basename "$so")
command -v "$php" >/dev/null || { echo "phpsrc: no such php: $php" >&2; exit 2; }
php=$(command -v "$php")
case "$jobs" in [1-9] | [1-9][0-9]) ;; *) usage ;; esac
. "$repo/scripts/lib.sh"

# The directories, with how their tests are picked: all, sleep, url.
dirs=(
	"ext/standard/tests/network all"
	"ext/standard/tests/streams all"
	"ext/standard/tests/http all"
	"ext/sockets/tests all"
	"ext/standard/tests/general_functions sleep,process"
	"ext/standard/tests/misc sleep,process"
	"ext/standard/tests/time sleep"
	"ext/standard/tests/file url,process"
	"ext/openssl/tests all"
)
# The MySQL directories, run apart (see above).
mysql_dirs=(
	"ext/mysqli/tests all"
	"ext/pdo_mysql/tests all"
)
# What the tests reach outside their own directory: the ext/standard/tests
# helpers (skipif_root.inc, http/server.inc), ext/ftp's server and
# certificate, ext/openssl's ServerClientTestCase, sapi/cli's php -S helper,
# ext/pdo's tests (pdo_mysql's common.phpt redirects to them).
subtrees=(ext/standard/tests ext/sockets/tests ext/ftp/tests ext/openssl/tests sapi/cli/tests
	ext/mysqli/tests ext/pdo_mysql/tests ext/pdo/tests)

if [ -n "$only" ]; then
	only=${only%/}
	picked=
	for d in "${dirs[@]}"; do
		[ "${d% *}" = "$only" ] && picked=$d
	done
	for d in "${mysql_dirs[@]}"; do
		[ "${d% *}" = "$only" ] && picked=my:$d
	done
	[ -n "$picked" ] || {
		echo "phpsrc: --only: not one of: $(printf '%s ' "${dirs[@]%% *}" "${mysql_dirs[@]%% *}")" >&2
		exit 2
	}
	case "$picked" in
		my:*) dirs=() mysql_dirs=("${picked#my:}") ;;
		*) dirs=("$picked") mysql_dirs=() ;;
	esac
fi

cache=${CHAN_CACHE:-/var/cache/chan}
work=$(mktemp -d "${TMPDIR:-/tmp}/chan-phpsrc.XXXXXX")
finish() {
	cleanup
	local d
	for d in "$work"/db-?.dir; do
		[ -f "$d" ] && d=$(cat "$d") && [ -f "$d/.chan-db" ] && "$repo/tests/db/servers.sh" stop "$d" >/dev/null 2>&1
	done
	if [ "$keep" = 1 ]; then
		echo "phpsrc: kept $work"
	else
		rm -rf "$work"
	fi
}
trap finish EXIT
trap 'exit 130' INT TERM

# Every test skipped, with the reason; not a failure.
skip_all() {
	echo "phpsrc: SKIPPED all tests: $*"
	echo "0 passed, 0 failed, 0 skipped"
	exit 0
}

# A tree that holds every subtree, or nothing.
complete_tree() {
	local t
	for t in "${subtrees[@]}"; do
		[ -d "$1/$t" ] || return 1
	done
}

# Fetches the php8.2 source into $cache/php-src-tests and keeps the
# subtrees; prints the tree. As scripts/php-zts.sh: bookworm's deb-src only,
# in an apt state of its own, so the machine's apt sources stay as they are.
fetch_tree() {
	local dir="$cache/php-src-tests.new" log="$work/fetch.log" orig tree t pats=()
	rm -rf "$dir" && mkdir -p "$dir/apt/lists/partial" "$dir/dl" 2>>"$log" || return 1
	cat >"$dir/apt/sources.list" <<'EOF'
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
EOF
	local apt_opts=(-o "Dir::Etc::SourceList=$dir/apt/sources.list" -o "Dir::Etc::SourceParts=-"
		-o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=")
	apt-get "${apt_opts[@]}" update >>"$log" 2>&1 || return 1
	(cd "$dir/dl" && apt-get "${apt_opts[@]}" source --download-only php8.2) >>"$log" 2>&1 || return 1
	orig=$(ls "$dir"/dl/php8.2_*.orig.tar.* 2>/dev/null | head -n 1)
	[ -n "$orig" ] || return 1
	for t in "${subtrees[@]}"; do
		pats+=("php-8.2.*/$t/*")
	done
	tar -C "$dir" --wildcards -xf "$orig" "${pats[@]}" >>"$log" 2>&1 || return 1
	rm -rf "$dir/apt" "$dir/dl"
	tree=$(ls -d "$dir"/php-8.2.*/ 2>/dev/null | head -n 1)
	tree=${tree%/}
	complete_tree "$tree" || return 1
	touch "$tree/.complete"
	rm -rf "$cache/php-src-tests" && mv "$dir" "$cache/php-src-tests" || return 1
	echo "$cache/php-src-tests/${tree##*/}"
}

src= partial=
for t in "$cache"/php-zts-src/src/php-8.2.*/ "$cache"/php-zts-src/php8.2-*/ "$cache"/php-src-tests/php-8.2.*/; do
	t=${t%/}
	case "$t" in "$cache"/php-src-tests/*) [ -f "$t/.complete" ] || continue ;; esac
	complete_tree "$t" && { src=$t; break; }
	# a cache made before the MySQL directories were added
	[ -z "$partial" ] && [ -d "$t/ext/standard/tests" ] && [ -d "$t/ext/openssl/tests" ] && partial=$t
done
if [ -z "$src" ]; then
	echo "phpsrc: fetching Debian's php8.2 source into $cache/php-src-tests"
	src=$(fetch_tree) || src=
	if [ -z "$src" ] && [ -n "$partial" ]; then
		echo "phpsrc: could not fetch it ($(tail -n 1 "$work/fetch.log" 2>/dev/null)); using $partial, which lacks the MySQL tests"
		src=$partial
	fi
	[ -n "$src" ] || skip_all "could not get Debian's php8.2 source: $(tail -n 1 "$work/fetch.log" 2>/dev/null)"
fi
# The tree of php-zts.sh goes away when its build ends: copy at once.
for t in "${subtrees[@]}"; do
	[ -d "$src/$t" ] || continue
	mkdir -p "$work/src/$(dirname "$t")"
	cp -a "$src/$t" "$work/src/$t" || skip_all "could not copy $src/$t"
done

# The list of tests, relative to $work/src, less skip.txt: tests.lst for
# every pass, PASS.skip what skip.txt leaves out of one pass only.
skips=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$here/skip.txt" 2>/dev/null)
: >"$work/tests.lst" && : >"$work/my.lst"
: >"$work/a.skip" && : >"$work/b.skip" && : >"$work/c.skip"
left_out=0
for d in "${dirs[@]}" "${mysql_dirs[@]/#/my:}"; do
	lst=$work/tests.lst
	case "$d" in my:*) d=${d#my:} lst=$work/my.lst ;; esac
	dir=${d% *} how=${d#* }
	for f in "$work/src/$dir"/*.phpt; do
		[ -f "$f" ] || continue
		rel=${f#"$work/src/"}
		picks=0
		case ",$how," in *,all,*) picks=1 ;; esac
		case ",$how," in *,sleep,*)
			case "${rel##*/}" in *sleep*) picks=1 ;; esac
			grep -qE '\b(sleep|usleep|time_nanosleep|time_sleep_until)[[:space:]]*\(' "$f" && picks=1 ;;
		esac
		case ",$how," in *,url,*)
			grep -qE 'fsockopen|stream_socket|http://|ftp://|tcp://|udp://|unix://' "$f" && picks=1 ;;
		esac
		case ",$how," in *,process,*)
			grep -qE '\b(proc_open|proc_close|popen|pclose|exec|shell_exec|system|passthru)[[:space:]]*\(|`' "$f" && picks=1 ;;
		esac
		[ "$picks" = 1 ] || continue
		passes=$(awk -v t="$rel" '$1 == t { $1 = ""; print $0 "-"; exit }' <<<"$skips")
		case "$passes" in
			"") ;;
			-) left_out=$((left_out + 1)); continue ;;
			*) for p in a b c; do
				case "$passes" in *"$p"*) echo "$rel" >>"$work/$p.skip" ;; esac
			done ;;
		esac
		echo "$rel" >>"$lst"
	done
done
ntests=$(cat "$work/tests.lst" "$work/my.lst" | wc -l)
[ "$ntests" -gt 0 ] || skip_all "no test selected"
rt=$(run_tests_php) || { echo "phpsrc: FAILED: run-tests.php not found (php8.2-dev)"; echo "0 passed, 1 failed"; exit 1; }
echo "phpsrc: PHP $("$php" -n -r 'echo PHP_VERSION;') ($php), chan.so $so"
echo "phpsrc: php-src tests of $(basename "$src") ($src), $ntests tests, $left_out left out," \
	"$(cat "$work"/[abc].skip | sort -u | wc -l) out of one pass (skip.txt), -j$jobs"

# run_pass NAME P SRC LIST [run-tests -d options...]: pass P (a, b or c)
# over the tests of LIST less P.skip, in the tree SRC; NAME.res gets "test
# OUTCOME" per test (MISSING: run-tests reported nothing; -: left out of
# this pass), and P/ the .out, .diff and .log of every test that left them.
run_pass() {
	local name=$1 p=$2 tree=$3 list=$4 t0=$SECONDS rc f base ext
	shift 4
	grep -vxF -f "$work/$p.skip" "$list" >"$work/$name.lst"
	(
		cd "$tree" &&
			QUIET=1 run_logged "$work/$name.log" env NO_INTERACTION=1 SKIP_ONLINE_TESTS=1 \
				TEST_PHP_EXECUTABLE="$php" "$php" "$rt" -p "$php" -q --no-color --no-progress "-j$jobs" \
				-r "$work/$name.lst" "$@"
	)
	rc=$?
	# "PASS title [ext/.../x.phpt] extra", a LEAK&FAIL in one word; a title
	# may run over several lines.
	awk '
		match($0, /^(X?LEAK&)?(PASS|FAIL|SKIP|BORK|LEAK|XFAIL|XLEAK|WARN) /) { cur = substr($0, 1, RLENGTH - 1) }
		cur != "" && match($0, /\[[^] ]*\.phpt\]/) {
			t = substr($0, RSTART + 1, RLENGTH - 2)
			if (!(t in r)) { r[t] = cur; print t, cur }
			cur = ""
		}' "$work/$name.log" >"$work/$name.seen"
	# A test that is a --REDIRECTTEST-- (pdo_mysql's common.phpt runs
	# ext/pdo/tests against MySQL) has no outcome of its own: the tests it
	# runs are listed after the others, as run-tests reported them.
	(cd "$tree" && xargs grep -l -e '^--REDIRECTTEST--' <"$list" 2>/dev/null) >"$work/$name.redirect"
	awk 'FILENAME == ARGV[1] { r[$1] = $2; seen[++n] = $1; next } FILENAME == ARGV[2] { out[$1] = 1; next }
		FILENAME == ARGV[3] { redirect[$1] = 1; next }
		{ listed[$1] = 1; if (!($1 in redirect)) print $1, ($1 in out ? "-" : $1 in r ? r[$1] : "MISSING") }
		END { for (i = 1; i <= n; i++) if (!(seen[i] in listed)) print seen[i], r[seen[i]] }' \
		"$work/$name.seen" "$work/$p.skip" "$work/$name.redirect" "$list" >"$work/$name.res"
	while read -r f; do
		base=${f%.phpt}
		for ext in out diff log exp php sh mem; do
			[ -f "$tree/$base.$ext" ] || continue
			mkdir -p "$work/$p/$(dirname "$f")"
			mv "$tree/$base.$ext" "$work/$p/$base.$ext"
		done
	done <"$list"
	if ! grep -q '^Tests passed' "$work/$name.log" 2>/dev/null; then
		echo "phpsrc: pass ($name): run-tests ended (status $rc) without its summary; its log's tail:"
		tail -n 15 "$work/$name.log" 2>/dev/null | sed 's/^/    /'
		echo "$name" >>"$work/incomplete"
	fi
	echo "phpsrc: pass ($name) done in $((SECONDS - t0)) s"
}

# The run-tests options of pass P, into the array popts.
pass_opts() {
	case $1 in
		a) popts=() ;;
		b) popts=(-d "extension=$so") ;;
		c) popts=(-d "extension=$so" -d "auto_prepend_file=$here/beside.php") ;;
	esac
}

# The MySQL passes: each on its own copy of the tests (with run-tests.php
# at its top, where pdo_mysql's REDIRECTTEST looks for ext/pdo/tests) and
# its own servers, all three at once; my-P.res as run_pass leaves them, or
# every test "-" with the reason in my.why when they cannot run.
mysql_passes() {
	local p why='' mods
	: >"$work/my.why" && : >"$work/my.fail"
	if ! "$repo/tests/db/servers.sh" install 8.2 >"$work/my-install.log" 2>&1; then
		why="the database servers or php8.2-mysql could not be installed: $(tail -n 1 "$work/my-install.log")"
	elif ! mods=$("$php" -m 2>/dev/null) || ! grep -qx mysqli <<<"$mods" || ! grep -qx pdo_mysql <<<"$mods"; then
		why="$php does not load mysqli and pdo_mysql"
	fi
	if [ -n "$why" ]; then
		echo "$why" >"$work/my.why"
		for p in a b c; do
			sed 's/$/ -/' "$work/my.lst" >"$work/my-$p.res"
		done
		return
	fi
	for p in a b c; do
		(
			# outside $work, which only its owner may enter: the servers run
			# as the users postgres and mysql when started by root
			local db tree=$work/my-src-$p t
			db=$(mktemp -d "${TMPDIR:-/tmp}/chan-phpsrc-db.XXXXXX") && echo "$db" >"$work/db-$p.dir"
			for t in ext/mysqli/tests ext/pdo_mysql/tests ext/pdo/tests; do
				mkdir -p "$tree/$(dirname "$t")" && cp -a "$work/src/$t" "$tree/$t"
			done
			cp "$rt" "$tree/run-tests.php"
			if ! "$repo/tests/db/servers.sh" start "$db" >"$work/my-servers-$p.log" 2>&1; then
				echo "pass ($p): the servers did not start: $(tail -n 1 "$work/my-servers-$p.log")" >>"$work/my.fail"
				sed 's/$/ -/' "$work/my.lst" >"$work/my-$p.res"
				"$repo/tests/db/servers.sh" stop "$db" >/dev/null 2>&1
				rm -rf "$db"
				exit 0
			fi
			# shellcheck disable=SC1091
			. "$db/env"
			export MYSQL_TEST_HOST=localhost MYSQL_TEST_SOCKET="$CHAN_MYSQL_SOCKET" MYSQL_TEST_USER="$CHAN_MYSQL_USER" \
				MYSQL_TEST_PASSWD='' MYSQL_TEST_DB="$CHAN_MYSQL_DB" \
				PDO_MYSQL_TEST_DSN="mysql:unix_socket=$CHAN_MYSQL_SOCKET;dbname=$CHAN_MYSQL_DB" \
				PDO_MYSQL_TEST_USER="$CHAN_MYSQL_USER" PDO_MYSQL_TEST_PASS='' PDO_MYSQL_TEST_HOST=localhost \
				PDO_MYSQL_TEST_SOCKET="$CHAN_MYSQL_SOCKET" PDO_MYSQL_TEST_DB="$CHAN_MYSQL_DB"
			rt=$tree/run-tests.php
			# and a temporary directory of its own (tests name files in it)
			mkdir -p "$work/tmp-$p" && export TMPDIR="$work/tmp-$p"
			pass_opts "$p"
			run_pass "my-$p" "$p" "$tree" "$work/my.lst" "${popts[@]}"
			"$repo/tests/db/servers.sh" stop "$db" >>"$work/my-servers-$p.log" 2>&1
		) &
	done
	wait
}

my_pid=
if [ -s "$work/my.lst" ]; then
	mysql_passes &
	my_pid=$!
fi
for p in a b c; do
	if [ -s "$work/tests.lst" ]; then
		pass_opts "$p"
		run_pass "$p" "$p" "$work/src" "$work/tests.lst" "${popts[@]}"
	else
		: >"$work/$p.res"
	fi
done
if [ -n "$my_pid" ]; then
	wait "$my_pid"
	[ -s "$work/my.why" ] && echo "phpsrc: the MySQL tests left out: $(cat "$work/my.why")"
	[ -s "$work/my.fail" ] && sed 's/^/phpsrc: FAILED: the MySQL tests, /' "$work/my.fail"
	for p in a b c; do
		cat "$work/my-$p.res" >>"$work/$p.res"
	done
	cat "$work/my.lst" >>"$work/tests.lst"
fi

# Outcome as compared: WARN (passed on retry) is PASS.
norm() { sed -e 's/ WARN$/ PASS/' -e 's/ \(LEAK\)&WARN$/ \1/' "$1"; }
# Joined by name: the tests a redirect ran need not be the same in every pass.
awk '{ if (!(FILENAME in fi)) fi[FILENAME] = ++nf; if (!($1 in known)) { known[$1] = 1; names[++n] = $1 }
		o[fi[FILENAME], $1] = $2 }
	END { for (i = 1; i <= n; i++) { t = names[i]; line = t
		for (p = 1; p <= 3; p++) line = line " " ((p, t) in o ? o[p, t] : "MISSING")
		print line } }' <(norm "$work/a.res") <(norm "$work/b.res") <(norm "$work/c.res") >"$work/all.res"

echo
printf 'phpsrc: %-24s %5s %5s %5s %5s %5s %5s %5s\n' pass PASS FAIL SKIP BORK LEAK other out
for p in a b c; do
	case $p in
		a) label="(a) without chan" ;;
		b) label="(b) chan loaded" ;;
		c) label="(c) coroutine beside" ;;
	esac
	norm "$work/$p.res" | awk -v label="$label" '
		{ o = $2; if (o == "PASS" || o == "FAIL" || o == "SKIP" || o == "BORK" || o == "LEAK" || o == "-") n[o]++; else n["other"]++ }
		END { printf "phpsrc: %-24s %5d %5d %5d %5d %5d %5d %5d\n", label, n["PASS"], n["FAIL"], n["SKIP"], n["BORK"], n["LEAK"], n["other"], n["-"] }'
done

# The start of what a pass left for a test: its .diff, else its .out.
excerpt() {
	local f=$work/$1/${2%.phpt}
	if [ -s "$f.diff" ]; then
		echo "    ($1) $2.diff:"
		head -n 25 "$f.diff" | cut -c1-200 | sed 's/^/      /'
	elif [ -s "$f.out" ]; then
		echo "    ($1) $2.out:"
		head -n 25 "$f.out" | cut -c1-200 | sed 's/^/      /'
	fi
}

passed=0 failed=0 skipped=0
while read -r t oa ob oc; do
	[ "$ob" = - ] && ob=$oa
	[ "$oc" = - ] && oc=$oa
	if [ "$ob" = "$oa" ] && [ "$oc" = "$oa" ]; then
		if [ "$oa" = SKIP ]; then skipped=$((skipped + 1)); else passed=$((passed + 1)); fi
		continue
	fi
	failed=$((failed + 1))
	[ "$failed" = 1 ] && { echo; echo "phpsrc: outcomes that differ from (a):"; }
	echo "DIFFERS $t: (a) $oa, (b) $ob, (c) $oc"
	for p in b c; do
		eval "o=\$o$p"
		[ "$o" = "$oa" ] || excerpt "$p" "$t"
	done
	[ "$oa" = PASS ] || [ "$oa" = SKIP ] || excerpt a "$t"
done <"$work/all.res"

retried=$(grep -h ' WARN$' "$work"/[abc].res /dev/null | cut -d' ' -f1 | sort -u)
if [ -n "$retried" ]; then
	echo
	echo "phpsrc: passed only on run-tests' retry (counted as PASS):"
	for t in $retried; do
		echo "  $t: (a) $(grep -m1 "^$t " "$work/a.res" | cut -d' ' -f2)," \
			"(b) $(grep -m1 "^$t " "$work/b.res" | cut -d' ' -f2), (c) $(grep -m1 "^$t " "$work/c.res" | cut -d' ' -f2)"
	done
fi

# Tests that fail in all three passes compare equal; say where their
# output is not the same, ports and the work directory aside (the order in
# which a test and the server it forked write may differ too).
same_out() {
	sed -E -e "s#$work#WORK#g" -e 's#WORK/my-src-[abc]/#WORK/src/#g' -e 's/(127\.0\.0\.1|localhost|\]):[0-9]+/\1:PORT/g' "$1" 2>/dev/null
}
shown=0
while read -r t oa ob oc; do
	[ "$oa" = "$ob" ] && [ "$oa" = "$oc" ] || continue
	case "$oa" in PASS | SKIP) continue ;; esac
	a_out=$work/a/${t%.phpt}.out
	for p in b c; do
		p_out=$work/$p/${t%.phpt}.out
		[ -f "$a_out" ] || [ -f "$p_out" ] || continue
		if ! cmp -s <(same_out "$a_out") <(same_out "$p_out"); then
			[ "$shown" = 0 ] && { echo; echo "phpsrc: for information, the same outcome in every pass but an output that differs from (a)'s:"; }
			shown=1
			echo "  $t: $oa, ($p)"
			diff <(same_out "$a_out") <(same_out "$p_out") | head -n 12 | cut -c1-200 | sed 's/^/      /'
		fi
	done
done <"$work/all.res"

if [ -s "$work/my.fail" ]; then
	failed=$((failed + 1))
	echo "FAILED: the MySQL tests did not run: $(head -n 1 "$work/my.fail")"
fi
# A pass that ended without run-tests' summary (killed, its directory
# gone) proves nothing, whatever the outcomes compared.
if [ -s "$work/incomplete" ] || [ ! -d "$work" ]; then
	failed=$((failed + 1))
	echo "FAILED: pass(es) that did not finish: $(tr '\n' ' ' <"$work/incomplete" 2>/dev/null || echo "the work directory is gone")"
fi

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
