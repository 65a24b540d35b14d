#!/usr/bin/env bash
# Differential fuzzer: random chan programs on the extension and on the
# pure-PHP model of SPEC.md (benchmarks/purephp), traces compared (see the
# header of diff_fuzz.php).
#
#   tests/fuzz/diff_fuzz.sh [--seed=N] [--programs=N] [--million] [--so=PATH] [diff_fuzz.php options]
#
# Defaults: seed 1, 10,000 programs (the CI size), --so modules/chan.so of
# this checkout ($CHAN_SO overrides). --million runs 1,000,000 programs.
# Other options (--batch, --timed, --slot, --serial, --keep, --first,
# --max-divergences) go to diff_fuzz.php unchanged.
#
# Exit status 0 when every trace agreed; 1 on a divergence (each one is
# printed with the commands that print, rerun and reduce that program, and
# kept under tests/fuzz/build/diff); 2 on a usage error.
# Last line: "diff_fuzz: N programs, D divergences".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
php=${PHP:-php}
so=${CHAN_SO:-$repo/modules/chan.so}
seed=1 programs=10000 extra=()

for arg in "$@"; do
	case "$arg" in
		--seed=*) seed=${arg#--seed=} ;;
		--programs=*) programs=${arg#--programs=} ;;
		--million) programs=1000000 ;;
		--so=*) so=${arg#--so=} ;;
		--batch=* | --timed=* | --slot=* | --serial | --keep=* | --first=* | --max-divergences=*) extra+=("$arg") ;;
		-h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
		*) echo "diff_fuzz.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
	esac
done
if [ ! -f "$so" ]; then
	echo "diff_fuzz.sh: $so not found (build the extension first, or pass --so=PATH)" >&2
	exit 2
fi

cd "$repo" || exit 2
exec "$php" "$here/diff_fuzz.php" --seed="$seed" --programs="$programs" --so="$so" "${extra[@]}"
