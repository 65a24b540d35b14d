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

# wait_port TRIES: waits (0.1 s a try) for the server to print "port N" to
# $tmp/srv.out and sets $port; empty if it never did.
wait_port() {
	for _ in $(seq "$1"); do
		grep -q '^port' "$tmp/srv.out" 2>/dev/null && break
		sleep 0.1
	done
	port=$(awk '/^port/{print $2}' "$tmp/srv.out")
}
