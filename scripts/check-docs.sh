#!/usr/bin/env bash
# Checks the documentation under docs/.
#
#   scripts/check-docs.sh [--so=PATH]
#
#   reference  docs/reference.md is what scripts/gen-reference.php makes of
#              chan.stub.php and README.md (its --check)
#   programs   every ```php block of a page under docs/ that starts with
#              "<?php" is a complete program: run on its own, it must print
#              exactly the ```text block that follows it (only blank lines
#              between them), with nothing on stderr; a program that needs
#              Revolt is fenced ```php revolt instead, which this script does
#              not run: tests/revolt/docs_programs.phpt does (revolt gate)
#   links      every link of a page under docs/ to a heading (#anchor, with
#              GitHub's anchors) or to a file of the repository leads somewhere
#   examples   every examples/....php that a page under docs/ names exists;
#              those under examples/go/ run as the docs say, php -d
#              extension=chan.so FILE: exit status 0, nothing on stderr (PHP's
#              warnings and notices included), within CHAN_EXAMPLE_TIMEOUT
#              seconds (120); every examples/go/*.php is named by some page
#              (the other examples, such as the HTTP server, run until stopped
#              and have tests of their own under tests/examples/)
#
# PATH is the chan.so to load; default: $CHAN_SO, else what
# scripts/build.sh dev prints. PHP picks the php binary (default: php).
# One line per check, "ok: ..." or "FAILED: ...", and last "N passed, M
# failed"; exit status 0 only when nothing failed.
set -uo pipefail

usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit "$1"; }
so=${CHAN_SO:-}
for arg in "$@"; do
	case "$arg" in
		--so=*) so=${arg#--so=} ;;
		-h | --help) usage 0 ;;
		*) echo "check-docs: unknown argument $arg (see --help)" >&2; exit 2 ;;
	esac
done

cd "$(dirname "$0")/.."
repo=$(pwd)
. scripts/lib.sh # Xdebug and pcov inert where conf.d loads them: the programs print what they print without
php=${PHP:-php}
limit=${CHAN_EXAMPLE_TIMEOUT:-120}
passed=0 failed=0

pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; }

if [ -z "$so" ] && ! so=$(scripts/build.sh dev); then
	echo "FAILED: scripts/build.sh dev (no chan.so to load)"
	echo "0 passed, 1 failed"
	exit 1
fi
if [ ! -f "$so" ]; then
	echo "FAILED: $so: no such file"
	echo "0 passed, 1 failed"
	exit 1
fi

out=$(mktemp)
err=$(mktemp)
snippets=$(mktemp -d)
trap 'rm -rf "$out" "$err" "$snippets"' EXIT

# run_php FILE: runs FILE with chan loaded, PHP's messages on stderr; stdout
# to $out, stderr to $err; returns PHP's exit status (124: timed out).
run_php() {
	timeout "$limit" "$php" -d extension="$so" -d display_errors=stderr -d error_reporting=-1 "$1" \
		>"$out" 2>"$err" </dev/null
}

show_output() {
	echo "  --- stdout:"
	sed 's/^/  /' "$out"
	echo "  --- stderr:"
	sed 's/^/  /' "$err"
}

# --- reference --------------------------------------------------------------
if "$php" -d extension="$so" scripts/gen-reference.php --check 2>"$err"; then
	pass "docs/reference.md is up to date"
else
	sed 's/^/  /' "$err"
	fail "docs/reference.md is stale or could not be generated (php -d extension=$so scripts/gen-reference.php)"
fi

# --- programs ---------------------------------------------------------------
# Writes N.php, N.out (its expected output, when a ```text block follows) and
# N.where ("page:line") for every complete program, N counting from 1.
for page in docs/*.md; do
	awk -v dir="$snippets" -v page="$page" -v base="$(find "$snippets" -name '*.php' | wc -l)" '
		function file(ext) { return dir "/" (base + n) "." ext }
		!code && /^```php$/ { code = 1; first = 1; prog = 0; start = NR; next }
		code && /^```$/ {
			code = 0
			if (prog) { close(file("php")); print page ":" start > file("where"); close(file("where")); want = 1 }
			next
		}
		code {
			if (first && $0 == "<?php") { prog = 1; n++ }
			first = 0
			if (prog) print > file("php")
			next
		}
		want && /^```text$/ { text = 1; printf "" > file("out"); next }
		text && /^```$/ { text = 0; want = 0; close(file("out")); next }
		text { print > file("out"); next }
		/[^ \t]/ { want = 0 }
	' "$page"
done
for prog in $(ls "$snippets"/*.php 2>/dev/null | sort -V); do
	where=$(cat "${prog%.php}.where")
	if [ ! -f "${prog%.php}.out" ]; then
		fail "$where: a program with no \`\`\`text block of its output after it"
		continue
	fi
	run_php "$prog"
	rc=$?
	if [ "$rc" -eq 0 ] && [ ! -s "$err" ] && cmp -s "$out" "${prog%.php}.out"; then
		pass "$where: the program prints its output block"
	else
		diff -u --label "output block" --label "actual output" "${prog%.php}.out" "$out" | sed 's/^/  /'
		[ -s "$err" ] && { echo "  --- stderr:"; sed 's/^/  /' "$err"; }
		fail "$where: the program (exit status $rc) does not print its output block"
	fi
done

# --- links ------------------------------------------------------------------
# GitHub's anchor of a heading: lower case, punctuation dropped, spaces to "-",
# "-1", "-2"... after a repeat. Code blocks are not headings.
links_php='
function anchors(string $page): array
{
    $prose = preg_replace("/^```.*?^```$/ms", "", file_get_contents($page));
    $anchors = $seen = [];
    preg_match_all("/^#{1,6} (.*)$/m", $prose, $m);
    foreach ($m[1] as $h) {
        $s = str_replace(" ", "-", preg_replace("/[^\\p{L}\\p{N} _-]/u", "", strtolower(str_replace("`", "", $h))));
        $anchors[isset($seen[$s]) ? $s . "-" . $seen[$s]++ : $s] = true;
        $seen[$s] ??= 1;
    }
    return $anchors;
}
$bad = [];
foreach (array_slice($argv, 1) as $page) {
    $prose = preg_replace("/^```.*?^```$/ms", "", file_get_contents($page));
    preg_match_all("/\\]\\(([^)\\s]+)\\)/", $prose, $l);
    foreach ($l[1] as $target) {
        if (preg_match("~^[a-z]+:~", $target)) {
            continue; // https:, mailto:
        }
        [$file, $frag] = array_pad(explode("#", $target, 2), 2, null);
        $path = $file === "" ? $page : dirname($page) . "/" . $file;
        if (!file_exists($path)) {
            $bad[] = "$page: link to $target: no file $path";
        } elseif ($frag !== null && str_ends_with($path, ".md") && !isset(anchors($path)[$frag])) {
            $bad[] = "$page: link to $target: no such heading in $path";
        }
    }
}
echo implode("\n", $bad), $bad ? "\n" : "";
exit($bad ? 1 : 0);
'
if "$php" -r "$links_php" -- docs/*.md >"$out" 2>&1; then
	pass "links in docs/ lead to a heading or a file"
else
	sed 's/^/  /' "$out"
	fail "links in docs/ that lead nowhere"
fi

# --- examples ---------------------------------------------------------------
# Every examples/... path the pages name, once each, in order of first mention.
mapfile -t named < <(grep -ohE 'examples/[A-Za-z0-9_./-]+\.php' docs/*.md | awk '!seen[$0]++')
for f in "${named[@]}"; do
	if [ ! -f "$f" ]; then
		fail "$f is named in docs/ but does not exist"
		continue
	fi
	case "$f" in examples/go/*) ;; *) continue ;; esac
	run_php "$f"
	rc=$?
	if [ "$rc" -eq 0 ] && [ ! -s "$err" ] && [ -s "$out" ]; then
		pass "$f runs ($(wc -l <"$out") lines of output)"
	else
		show_output
		if [ "$rc" -eq 124 ]; then
			fail "$f did not end within ${limit}s"
		else
			fail "$f: exit status $rc, or output on stderr, or no output"
		fi
	fi
done
for f in examples/go/*.php; do
	[ -f "$f" ] || continue
	if printf '%s\n' "${named[@]}" | grep -qxF "$f"; then
		pass "$f is named in docs/"
	else
		fail "$f is named by no page under docs/"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
