#!/usr/bin/env bash
# Keeps package.xml's <contents> in step with the repository.
#
#   scripts/package-xml.sh           rewrite <contents> in package.xml
#   scripts/package-xml.sh --check   fail (exit 1) if package.xml misses a
#                                    file or names one that does not exist
#   scripts/package-xml.sh --list    print the files that belong in it
#
# What ships: every top-level C source and header (config.h is configure's
# output), the stub, config.m4, config.w32, README.md, LICENSE (role src or
# doc) and every file under tests/ (role test), minus run-tests and make
# output (phpunit-extension/ is a Composer package of its own and does not
# ship). The file set comes from git (tracked plus untracked, not ignored),
# or from the directory tree outside a git checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

candidates() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files --cached --others --exclude-standard | uniq # unmerged: once per stage
	else
		find . -path ./.git -prune -o -type f -print | sed 's#^\./##'
	fi
}

# Prints "role path" for each file that belongs in the package, sorted.
files() {
	candidates | while IFS= read -r f; do
		[ -f "$f" ] || continue # deleted but still in the index
		case "$f" in
			config.h) ;;
			*/*) ;;
			*.c | *.h | *.stub.php | config.m4 | config.w32) echo "src $f" ;;
			README.md | LICENSE) echo "doc $f" ;;
		esac
		case "$f" in
			tests/*/build/* | tests/*.diff | tests/*.exp | tests/*.log | tests/*.out | tests/*.mem | tests/*.php | tests/*.sh) ;;
			tests/*) echo "test $f" ;;
		esac
	done | LC_ALL=C sort -k2
}

listed() {
	sed -n 's#.*<file [^>]*name="\([^"]*\)".*#\1#p' package.xml | LC_ALL=C sort
}

case "${1:-}" in
	--list)
		files
		;;
	--check)
		[ -f package.xml ] || { echo "package.xml: missing" >&2; exit 1; }
		missing=$(LC_ALL=C comm -23 <(files | cut -d' ' -f2- | LC_ALL=C sort) <(listed))
		stale=$(LC_ALL=C comm -13 <(files | cut -d' ' -f2- | LC_ALL=C sort) <(listed))
		status=0
		if [ -n "$missing" ]; then
			echo "package.xml does not list (run scripts/package-xml.sh):" >&2
			sed 's/^/  /' <<<"$missing" >&2
			status=1
		fi
		if [ -n "$stale" ]; then
			echo "package.xml lists files that do not exist (run scripts/package-xml.sh):" >&2
			sed 's/^/  /' <<<"$stale" >&2
			status=1
		fi
		exit $status
		;;
	"")
		block=$(mktemp)
		trap 'rm -f "$block" "$block.xml"' EXIT
		{
			echo '  <dir name="/">'
			files | while read -r role f; do
				echo "   <file name=\"$f\" role=\"$role\"/>"
			done
			echo '  </dir>'
		} >"$block"
		grep -q '^ *<contents>' package.xml && grep -q '^ *</contents>' package.xml ||
			{ echo "package.xml: no <contents> block to replace" >&2; exit 1; }
		awk -v block="$block" '
			/^ *<\/contents>/ { while ((getline line < block) > 0) print line; skip = 0 }
			!skip { print }
			/^ *<contents>/ { skip = 1 }
		' package.xml >"$block.xml"
		mv "$block.xml" package.xml
		echo "package.xml: $(grep -c '<file ' package.xml) files"
		;;
	*)
		echo "usage: $0 [--check|--list]" >&2
		exit 2
		;;
esac
