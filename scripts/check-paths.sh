#!/usr/bin/env bash
# Fails when a tracked file names a directory of the machine it was written
# on: a checkout or worktree in someone's /work, /home or /root, or a
# scratch file in /tmp that a benchmark record's command wrote or loaded.
# Such a path means nothing on another machine: a recorded command is meant
# to be run again from the root of any checkout, so it names
# .build-release/modules/chan.so and benchmarks/results/x.md, and the
# contract sits beside the checkout (../shared/BENCHMARKS.md). The benchmark
# scripts write their paths that way (bench_path() in benchmarks/lib.php).
#
#   scripts/check-paths.sh
#
# The rules, over the files git tracks (git grep; binary files skipped):
#   home     an absolute path under /work, /home, /root or /Users, in any
#            file
#   records  an absolute path under /tmp in the benchmark records,
#            benchmarks/results/ and benchmarks/REPORT.md; elsewhere /tmp is
#            the temp directory that code and usage lines choose (callgrind's
#            output, tests/db/servers.sh start /tmp/dbs), as anyone may
# A path is absolute when it starts the line or follows a character that
# cannot come before a "/" inside a word, a relative path or a shell
# expansion: "docs/home/x", "./tmp/x", "$HOME/work", "$(pwd)/work" are not.
# System paths (/usr/bin/php8.2, /etc/php, /proc, /var/cache/chan, the
# chroot's /build/src) are Debian's or the project's and stay allowed.
#
# Prints each offending FILE:LINE:TEXT and exits 1 if there is any; silent
# with exit status 0 otherwise; 2 when git cannot list the files.
set -euo pipefail

usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit "$1"; }
for arg in "$@"; do
	case "$arg" in
		-h | --help) usage 0 ;;
		*) echo "check-paths: unknown argument $arg (see --help)" >&2; exit 2 ;;
	esac
done

cd "$(dirname "$0")/.."
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "check-paths: not a git checkout: no tracked files to check" >&2
	exit 2
fi

abs='(^|[^A-Za-z0-9_.~$/)}-])/'
records=(benchmarks/results benchmarks/REPORT.md)

# git grep exits 1 when nothing matches, 2 or more on an error.
grep_tracked() {
	local rc=0
	git grep -nIE "$@" || rc=$?
	[ "$rc" -le 1 ] || exit 2
}

found=$({
	grep_tracked "${abs}(work|home|root|Users)/"
	grep_tracked "${abs}tmp/" -- "${records[@]}"
} | sort -t: -k1,1 -k2,2n -u)

if [ -n "$found" ]; then
	printf '%s\n' "$found"
	echo "check-paths: $(printf '%s\n' "$found" | wc -l) line(s) above name an absolute path of the machine they were written on;" \
		"write it relative to the repository root (.build-release/modules/chan.so, benchmarks/results/x.md, ../shared/SPEC.md)" >&2
	exit 1
fi
