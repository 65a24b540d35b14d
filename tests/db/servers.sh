#!/usr/bin/env bash
# Private database servers for tests/db: never the system's services, never
# a TCP port.
#
#   tests/db/servers.sh install [PHPVER...]   installs what is missing
#   tests/db/servers.sh start DIR             starts both servers in DIR
#   tests/db/servers.sh stop DIR [--keep-logs=TO]   stops them, removes DIR
#   tests/db/servers.sh missing [PHPVER...]   prints the missing packages
#
# install: Debian's postgresql and mariadb-server, and php$V-pgsql and
# php$V-mysql for each PHPVER (default: the version of `php` on PATH), with
# apt-get, noninteractive, with a policy-rc.d that forbids starting any
# service (the packages' own clusters stay down). Installs nothing when
# nothing is missing; needs root otherwise. It installs where it runs: for
# the PHPs in the chroot of scripts/chroot.sh run it there,
#   scripts/chroot.sh --sync && scripts/chroot.sh bash /build/src/tests/db/servers.sh install 8.4 8.5 8.6
#
# start DIR (DIR is made if missing, and must be empty or made by an earlier
# start): a PostgreSQL cluster (initdb into DIR/pg, listen_addresses = '',
# its socket in DIR/pg.run, trust authentication, superuser `chan`,
# database `chan`) and a MariaDB server (mariadb-install-db into DIR/my,
# --skip-networking, socket DIR/my.run/mysqld.sock, max_connections 2000,
# user `chan` with no password, database `chan`). Run as root, PostgreSQL
# runs as the `postgres` user and MariaDB as `mysql` (the users the
# packages made); otherwise both run as the caller. Returns once both
# accept connections, and writes DIR/env (shell syntax, also read by the
# tests through CHAN_DB_ENV):
#   CHAN_PG_DSN='host=DIR/pg.run dbname=chan user=chan'
#   CHAN_MYSQL_SOCKET=DIR/my.run/mysqld.sock CHAN_MYSQL_USER=chan CHAN_MYSQL_DB=chan
#   CHAN_MYSQL_PIDFILE=DIR/my.run/mysqld.pid
#   CHAN_DB_DIR=DIR CHAN_DB_SERVERS=this script
# start is idempotent: a server already running in DIR is left alone and
# one that died (a test killed it) is started again on its data, so a test
# that kills a server brings it back with `servers.sh start DIR`.
#
# stop DIR: fast shutdown of both (then SIGKILL after 20 s), then removes
# DIR; only a DIR that start made (it holds DIR/.chan-db). --keep-logs=TO
# first copies the servers' logs to directory TO.
#
# Each step prints how long it took on stderr.
#
# The servers never run under a test run's preloads (tests/db/run.sh --asan
# preloads libasan, and a test that killed a server starts it again).
set -uo pipefail
unset LD_PRELOAD ASAN_OPTIONS UBSAN_OPTIONS USE_ZEND_ALLOC

here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"

say() { echo "servers: $*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2fs", b - a }'; }

# --- packages -----------------------------------------------------------

host_php_version() {
	php -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null
}

wanted_packages() {
	local v
	echo postgresql mariadb-server
	for v in "$@"; do echo "php$v-pgsql" "php$v-mysql"; done
}

is_installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

missing_packages() {
	local p
	for p in $(wanted_packages "$@"); do
		is_installed "$p" || echo "$p"
	done
}

# Waits (up to 10 minutes) while another apt-get or dpkg holds its lock.
wait_for_apt() {
	local i
	for ((i = 0; i < 600; i++)); do
		pgrep -x apt >/dev/null || pgrep -x apt-get >/dev/null || pgrep -x dpkg >/dev/null || return 0
		((i % 30 == 0)) && say "waiting for another apt/dpkg to finish"
		sleep 1
	done
	say "apt/dpkg still busy after 10 minutes"
	return 1
}

cmd_install() {
	local versions=("$@") missing log policy= t0 rc=0 v
	if [ ${#versions[@]} -eq 0 ]; then
		v=$(host_php_version) || { say "no php on PATH; name the PHP versions"; return 1; }
		versions=("$v")
	fi
	missing=$(missing_packages "${versions[@]}" | tr '\n' ' ')
	if [ -z "${missing// /}" ]; then
		say "installed already: $(wanted_packages "${versions[@]}" | tr '\n' ' ')"
		return 0
	fi
	if [ "$(id -u)" -ne 0 ]; then
		say "missing packages: $missing(run as root to install them)"
		return 1
	fi
	command -v apt-get >/dev/null || { say "no apt-get: cannot install $missing"; return 1; }
	say "installing $missing"
	t0=$(now)
	export DEBIAN_FRONTEND=noninteractive
	log=$(mktemp)
	# No package may start its service (the postgresql and mariadb-server
	# packages would start the system's servers): the tests start their own.
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		policy=/usr/sbin/policy-rc.d
		printf '#!/bin/sh\nexit 101\n' >"$policy"
		chmod +x "$policy"
	fi
	wait_for_apt || rc=1
	# experimental's Release file may be past its Valid-Until (the chroot).
	if [ $rc -eq 0 ] && ! { apt-get -o Acquire::Check-Valid-Until=false update -qq &&
		wait_for_apt &&
		apt-get -o Acquire::Check-Valid-Until=false -o DPkg::Lock::Timeout=600 \
			install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
		tail -n 30 "$log" >&2
		rc=1
	fi
	rm -f "$log" $policy
	if [ $rc -ne 0 ]; then
		say "apt-get failed to install $missing($(since "$t0"))"
		return 1
	fi
	say "installed $missing($(since "$t0"))"
}

# --- servers ------------------------------------------------------------

pg_bindir() {
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -x "$d/initdb" ] && echo "$d"
}

first_of() { # the first of these commands that exists
	local c
	for c in "$@"; do
		command -v "$c" 2>/dev/null && return 0
		[ -x "/usr/sbin/$c" ] && { echo "/usr/sbin/$c"; return 0; }
	done
	return 1
}

# as USER CMD...: CMD as USER when we are root, else as ourselves.
as() {
	local user=$1
	shift
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u "$user" -- "$@"
	else
		"$@"
	fi
}

# owned_dir USER DIR: makes DIR (mode 0700) owned by USER when root.
owned_dir() {
	mkdir -p "$2" && chmod 0700 "$2" || return 1
	if [ "$(id -u)" -eq 0 ]; then chown "$1:" "$2"; fi
}

start_pg() {
	local dir=$1 bin data="$dir/pg" sock="$dir/pg.run" user=postgres t0
	bin=$(pg_bindir) || { say "PostgreSQL not installed (no /usr/lib/postgresql/*/bin/initdb)"; return 1; }
	if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
		say "no postgres user to run PostgreSQL as (root may not)"
		return 1
	fi
	if [ -f "$data/postmaster.pid" ] && as "$user" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
		say "PostgreSQL already running in $data"
		return 0
	fi
	if [ ! -f "$data/PG_VERSION" ]; then
		t0=$(now)
		rm -rf "$data"
		owned_dir "$user" "$data" && owned_dir "$user" "$sock" || return 1
		chmod 0755 "$sock"
		# -N: no fsync; the cluster lives for one test run.
		if ! as "$user" "$bin/initdb" -D "$data" -U chan --auth=trust -N -E UTF8 --locale=C >"$dir/pg-initdb.log" 2>&1; then
			cat "$dir/pg-initdb.log" >&2
			say "initdb failed"
			return 1
		fi
		# Appended settings win over initdb's. No TCP; nothing written to disk
		# that need survive; room for the tests' concurrent connections.
		cat >>"$data/postgresql.conf" <<-EOF
			listen_addresses = ''
			unix_socket_directories = '$sock'
			max_connections = 200
			shared_buffers = 16MB
			fsync = off
			synchronous_commit = off
			full_page_writes = off
			dynamic_shared_memory_type = mmap
			logging_collector = off
		EOF
		say "PostgreSQL initdb $("$bin/postgres" --version | awk '{ print $3 }') into $data ($(since "$t0"))"
	fi
	t0=$(now)
	if ! as "$user" "$bin/pg_ctl" -D "$data" -l "$sock/postgres.log" -w -t 60 start >/dev/null 2>&1 </dev/null; then
		tail -n 20 "$sock/postgres.log" >&2
		say "PostgreSQL did not start"
		return 1
	fi
	if ! "$bin/psql" -X -q -h "$sock" -U chan -d postgres -tAc "select 1 from pg_database where datname = 'chan'" |
		grep -q 1; then
		"$bin/psql" -X -q -h "$sock" -U chan -d postgres -c 'create database chan' >&2 || return 1
	fi
	say "PostgreSQL started, socket in $sock ($(since "$t0"))"
}

mysql_pid() { # the running server's pid, or nothing
	local pid
	pid=$(cat "$1/my.run/mysqld.pid" 2>/dev/null) || return 1
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# mysql_ping DIR: the server answers on its socket.
mysql_ping() {
	local admin
	admin=$(first_of mariadb-admin mysqladmin) || return 1
	"$admin" --no-defaults -S "$1/my.run/mysqld.sock" -u root ping >/dev/null 2>&1
}

start_mysql() {
	local dir=$1 data="$dir/my" run="$dir/my.run" user=mysql server installdb t0 pid i userarg=()
	server=$(first_of mariadbd mysqld) || { say "MariaDB not installed (no mariadbd)"; return 1; }
	installdb=$(first_of mariadb-install-db mysql_install_db) || { say "no mariadb-install-db"; return 1; }
	if [ "$(id -u)" -eq 0 ]; then
		id mysql >/dev/null 2>&1 || user=root
		userarg=(--user="$user")
	fi
	if pid=$(mysql_pid "$dir") && mysql_ping "$dir"; then
		say "MariaDB already running in $data (pid $pid)"
		return 0
	fi
	# Small InnoDB files: the server lives for one test run.
	local opts=(--no-defaults --datadir="$data" "${userarg[@]}" --innodb-buffer-pool-size=32M
		--innodb-log-file-size=8M --skip-name-resolve)
	if [ ! -d "$data/mysql" ]; then
		t0=$(now)
		rm -rf "$data"
		owned_dir "$user" "$data" || return 1
		# root@localhost without a password (normal authentication), so any
		# OS user can set the server up; no test database.
		if ! "$installdb" "${opts[@]}" --auth-root-authentication-method=normal --skip-test-db \
			>"$dir/my-install.log" 2>&1 </dev/null; then
			tail -n 20 "$dir/my-install.log" >&2
			say "mariadb-install-db failed"
			return 1
		fi
		say "MariaDB install-db into $data ($(since "$t0"))"
	fi
	owned_dir "$user" "$run" || return 1
	chmod 0755 "$run"
	rm -f "$run/mysqld.sock" "$run/mysqld.pid"
	t0=$(now)
	cat >"$dir/my-init.sql" <<-'EOF'
		CREATE DATABASE IF NOT EXISTS chan;
		CREATE USER IF NOT EXISTS chan@localhost;
		GRANT ALL ON chan.* TO chan@localhost;
	EOF
	chmod 0644 "$dir/my-init.sql"
	# Its own session, every descriptor redirected: a test that restarts the
	# server must not leave run-tests waiting on a pipe the server holds.
	setsid "$server" "${opts[@]}" --skip-networking --socket="$run/mysqld.sock" --pid-file="$run/mysqld.pid" \
		--max-connections=2000 --log-error="$run/mysqld.log" --init-file="$dir/my-init.sql" \
		</dev/null >>"$run/mysqld.out" 2>&1 &
	pid=$!
	for ((i = 0; i < 600; i++)); do
		if ! kill -0 "$pid" 2>/dev/null; then
			tail -n 20 "$run/mysqld.log" >&2
			say "MariaDB exited at start"
			return 1
		fi
		[ -S "$run/mysqld.sock" ] && mysql_pid "$dir" >/dev/null && mysql_ping "$dir" && break
		sleep 0.1
	done
	if ((i == 600)); then
		tail -n 20 "$run/mysqld.log" >&2
		say "MariaDB not ready after 60 s"
		return 1
	fi
	say "MariaDB started (pid $pid), socket $run/mysqld.sock ($(since "$t0"))"
}

write_env() {
	local dir=$1
	cat >"$dir/env.new" <<-EOF
		CHAN_PG_DSN='host=$dir/pg.run dbname=chan user=chan'
		CHAN_MYSQL_SOCKET='$dir/my.run/mysqld.sock'
		CHAN_MYSQL_USER=chan
		CHAN_MYSQL_DB=chan
		CHAN_MYSQL_PIDFILE='$dir/my.run/mysqld.pid'
		CHAN_DB_DIR='$dir'
		CHAN_DB_SERVERS='$self'
	EOF
	chmod 0644 "$dir/env.new"
	mv "$dir/env.new" "$dir/env"
}

cmd_start() {
	local dir=$1 t0
	t0=$(now)
	mkdir -p "$dir" || return 1
	dir=$(cd "$dir" && pwd)
	if [ ! -f "$dir/.chan-db" ] && [ -n "$(ls -A "$dir")" ]; then
		say "$dir is not empty and was not made by servers.sh start"
		return 1
	fi
	touch "$dir/.chan-db"
	chmod 0711 "$dir" # the servers' users reach their directories in it
	start_pg "$dir" || return 1
	start_mysql "$dir" || return 1
	write_env "$dir"
	say "both servers up ($(since "$t0")); environment in $dir/env"
}

stop_pg() {
	local dir=$1 bin
	[ -f "$dir/pg/postmaster.pid" ] || return 0
	bin=$(pg_bindir) || return 1
	as postgres "$bin/pg_ctl" -D "$dir/pg" -m fast -w -t 20 stop >/dev/null 2>&1 ||
		as postgres "$bin/pg_ctl" -D "$dir/pg" -m immediate -w -t 20 stop >/dev/null 2>&1
	if [ -f "$dir/pg/postmaster.pid" ]; then # not stopped: kill what is left
		local pid
		pid=$(head -n 1 "$dir/pg/postmaster.pid")
		[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
		sleep 0.5
	fi
}

stop_mysql() {
	local dir=$1 pid i
	pid=$(mysql_pid "$dir") || return 0
	kill -TERM "$pid" 2>/dev/null
	for ((i = 0; i < 200; i++)); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	say "MariaDB $pid did not stop in 20 s: SIGKILL"
	kill -KILL "$pid" 2>/dev/null
}

cmd_stop() {
	local dir=$1 keep_logs=${2:-} t0
	t0=$(now)
	[ -d "$dir" ] || return 0
	dir=$(cd "$dir" && pwd)
	if [ ! -f "$dir/.chan-db" ]; then
		say "$dir was not made by servers.sh start: not touching it"
		return 1
	fi
	stop_pg "$dir"
	say "PostgreSQL stopped ($(since "$t0"))"
	stop_mysql "$dir"
	if [ -n "$keep_logs" ]; then
		cp "$dir/pg.run/postgres.log" "$dir/my.run/mysqld.log" "$keep_logs/" 2>/dev/null
	fi
	rm -rf --one-file-system "$dir"
	say "stopped, $dir removed ($(since "$t0"))"
}

case "${1:-}" in
	install) shift; cmd_install "$@" ;;
	missing) shift; [ $# -gt 0 ] || set -- "$(host_php_version)"; missing_packages "$@" ;;
	start) [ $# -eq 2 ] || { sed -n '4,7s/^# \{0,1\}//p' "$0" >&2; exit 2; }; cmd_start "$2" ;;
	stop)
		case "$#:${3:-}" in
			2:) cmd_stop "$2" ;;
			3:--keep-logs=?*) cmd_stop "$2" "${3#--keep-logs=}" ;;
			*) sed -n '4,7s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
		esac
		;;
	*) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 2 ;;
esac
