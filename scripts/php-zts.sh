#!/usr/bin/env bash
# Builds (once) a debug ZTS PHP with the embed SAPI and prints its prefix.
#
#   scripts/php-zts.sh
#
# The source is Debian's php8.2 source package (bookworm's deb-src, fetched
# with apt-get source against a private apt state, so the machine's apt
# sources are left as they are): the only PHP source package Debian serves
# here (php8.4, 8.5 and 8.6 sources, and bookworm-security's php8.2, answer
# 404, so the version is bookworm's point release). It is configured with
# --enable-debug --enable-zts --enable-embed and only the extensions built in
# by --disable-all (Core, date, hash, json, pcre, random, Reflection, SPL,
# standard), which is all the phpt suite needs, and installed into
# $CHAN_CACHE/php-8.2-debug-zts (CHAN_CACHE defaults to /var/cache/chan).
# A finished build is reused; a broken one is built again. About 3 minutes
# on 2 cores.
set -euo pipefail

cache=${CHAN_CACHE:-/var/cache/chan}
prefix="$cache/php-8.2-debug-zts"
work="$cache/php-zts-src"

ready() { "$prefix/bin/php" -v 2>/dev/null | grep 'ZTS DEBUG' >/dev/null && [ -f "$prefix/lib/libphp.so" ]; }

if ready; then
	echo "$prefix"
	exit 0
fi

log="$cache/php-zts.log"
mkdir -p "$cache"
fail() {
	echo "php-zts: $1 failed (log: $log)" >&2
	tail -n 30 "$log" >&2
	exit 1
}

rm -rf "$work" "$prefix"
mkdir -p "$work/apt/lists/partial" "$work/src"
: >"$log"

# A private apt state with bookworm's deb-src only.
cat >"$work/apt/sources.list" <<'EOF'
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
EOF
apt_opts=(-o "Dir::Etc::SourceList=$work/apt/sources.list" -o "Dir::Etc::SourceParts=-"
	-o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=")
apt-get "${apt_opts[@]}" update >>"$log" 2>&1 || fail "apt-get update (deb-src)"
(cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only php8.2) >>"$log" 2>&1 ||
	fail "apt-get source php8.2"
orig=$(ls "$work"/src/php8.2_*.orig.tar.* | head -n 1)
tar -C "$work/src" -xf "$orig"
srcdir=$(ls -d "$work"/src/php-8.2.*/ | head -n 1)

echo "php-zts: building $(basename "$srcdir") (debug, ZTS, embed) into $prefix" >&2
(
	cd "$srcdir"
	./configure --prefix="$prefix" --enable-debug --enable-zts --disable-all --enable-cli \
		--enable-embed=shared --disable-cgi --disable-phpdbg --without-pear --without-valgrind
) >>"$log" 2>&1 || fail configure
make -C "$srcdir" -j"$(nproc)" >>"$log" 2>&1 || fail make
make -C "$srcdir" install >>"$log" 2>&1 || fail "make install"
rm -rf "$work"
ready || fail "the installed php"
echo "$prefix"
