# benchmarks/s8/lib.sh - sourced by callgrind.sh and syscalls.sh: a scratch
# directory, the server's pid, and a trap that stops the server and removes
# the directory however the script ends.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
srv_pid=
cleanup() {
	if [ -n "$srv_pid" ] && kill -0 "$srv_pid" 2>/dev/null; then
		kill "$srv_pid" 2>/dev/null || true
	fi
	exec 9>&- 2>/dev/null || true # the server's stdin, where a script opened it
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
ulimit -n 20000
