#!/usr/bin/env bash
# Checks that the C files call only downwards (docs/internals.md):
#
#   scripts/layers.sh [--quiet] [OBJDIR]     (default: .build-dev/.libs)
#
# Reads the objects of a build (scripts/build.sh dev): for every file, the
# symbols it uses that another file defines, by nm. Prints one line per
# pair of files, "from -> to: symbols", marked UP where a file calls into a
# higher layer (--quiet: only those), and exits 1 if any does. The layers: 2 the event loop and
# its pollers, 3 the scheduler core and its stacks, 4 the features, 5
# chan.c; the rings (chan_lockfree.c, chan_mutex.c) stand apart at 0 (layer
# 1, chan_wait.h, is a header). The class entries chan.c registers
# (chan_ce_*, declared in php_chan.h) are data every layer may read.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
quiet=0
if [ "${1:-}" = --quiet ]; then
	quiet=1
	shift
fi
dir=${1:-$repo/.build-dev/.libs}
[ -d "$dir" ] || { echo "layers: no objects in $dir (scripts/build.sh dev)" >&2; exit 2; }
cd "$dir" || exit 2
ls chan*.o >/dev/null 2>&1 || { echo "layers: no chan*.o in $dir" >&2; exit 2; }

layer() {
	case "$1" in
		chan_lockfree | chan_mutex) echo 0 ;;
		chan_loop | chan_poll_epoll | chan_poll_poll) echo 2 ;;
		chan_scheduler | chan_stack) echo 3 ;;
		chan) echo 5 ;;
		*) echo 4 ;;
	esac
}

declare -A owner
for o in chan*.o; do
	while read -r sym; do
		owner[$sym]=${o%.o}
	done < <(nm --defined-only -g "$o" | awk '$2 ~ /^[TDBRV]$/ {print $3}')
done

declare -A uses
for o in chan*.o; do
	from=${o%.o}
	while read -r sym; do
		to=${owner[$sym]:-}
		[ -n "$to" ] && [ "$to" != "$from" ] || continue
		[[ $sym == chan_ce_* ]] && continue
		uses["$from -> $to"]+=" $sym"
	done < <(nm -u "$o" | awk '{print $2}')
done

up=0
for pair in $(printf '%s\n' "${!uses[@]}" | sed 's/ -> /->/' | sort); do
	from=${pair%->*} to=${pair#*->}
	mark=
	if [ "$(layer "$to")" -gt "$(layer "$from")" ]; then
		mark="UP "
		up=$((up + 1))
	fi
	[ "$quiet" = 1 ] && [ -z "$mark" ] && continue
	echo "${mark}$from ($(layer "$from")) -> $to ($(layer "$to")):${uses["$from -> $to"]}"
done
if [ "$up" -gt 0 ]; then
	echo "layers: $up pair(s) of files call upwards"
	exit 1
fi
echo "layers: every call goes down"
