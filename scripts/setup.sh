#!/usr/bin/env bash
# Installs what building and testing chan needs on Debian 12, and nothing
# that is already there. Idempotent: a second run installs nothing and does
# not touch the network.
set -euo pipefail

packages=(
	php8.2-cli         # php
	php8.2-opcache     # opcache + JIT for the second run of scripts/bench.sh (php8.2-cli depends on it)
	php8.2-dev         # phpize, php-config, run-tests.php, gen_stub.php
	php8.2-fpm         # tests/fpm
	debootstrap        # scripts/chroot.sh: Debian unstable/experimental for PHP 8.4-8.6
	dpkg-dev           # apt-get source (scripts/php-zts.sh)
	xz-utils           # unpacks the PHP source
	pkg-config         # PHP's configure
	php-pear           # pecl package-validate for package.xml
	php-parser         # PHP-Parser for gen_stub.php (scripts/gen-stub.sh)
	make gcc libc6-dev
	clang              # tests/c with CC=clang
	libclang-rt-14-dev # clang's sanitizer runtimes
	valgrind           # run-tests -m
	gnuplot-nox        # benchmark plots
	apache2-utils      # ab: S6
	wrk                # S6, 10,000 connections
	golang-go          # S8's Go echo server and load generator, S6's Go reference
	redis-server php8.2-redis # S9's Redis list beside SharedChannel (a private server on a Unix socket; service not started)
	linux-perf         # S9's perf stat (cycles, cache misses, context switches per message)
	postgresql mariadb-server php8.2-pgsql php8.2-mysql # tests/db (private servers; services not started)
	php-predis         # benchmarks/hooks.php: Predis, a pure-PHP Redis client, under the stream hooks
	php-doctrine-dbal  # benchmarks/hooks.php: Doctrine DBAL on pdo_mysql under the stream hooks
	php-guzzlehttp-guzzle # benchmarks/hooks.php: Guzzle with its StreamHandler under the stream hooks
)

missing=()
for p in "${packages[@]}"; do
	# "install ok installed" only: a removed-but-configured package is missing.
	status=$(dpkg -s "$p" 2>/dev/null || true)
	if ! grep -q '^Status: install ok installed$' <<<"$status"; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "setup: missing packages: ${missing[*]} (run as root to install them)" >&2
	exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
# No package may start its service (php8.2-fpm's): the tests start their own.
policy=
if [ ! -e /usr/sbin/policy-rc.d ]; then
	policy=/usr/sbin/policy-rc.d
	printf '#!/bin/sh\nexit 101\n' >"$policy"
	chmod +x "$policy"
fi
trap 'rm -f "$log" $policy' EXIT
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
	tail -n 40 "$log" >&2
	echo "setup: apt-get failed" >&2
	exit 1
fi
