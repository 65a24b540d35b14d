#!/usr/bin/env bash
# Makes (once) the Debian chroot that holds the newer PHPs and prints its
# root; with a command, runs it inside instead.
#
#   scripts/chroot.sh                 # prints the root
#   scripts/chroot.sh --sync          # copies the work tree to /build/src in it
#   scripts/chroot.sh CMD [ARG...]    # runs CMD in it (env cleared, /proc mounted,
#                                     # Xdebug and pcov inert as in scripts/lib.sh)
#
# One debootstrap of Debian unstable (sid) with the experimental suite added:
# php8.4 comes from unstable, php8.5 and php8.6 from experimental (whose
# Release file may be past its Valid-Until date, hence
# Acquire::Check-Valid-Until=false). All three install side by side
# (/usr/bin/php8.4, phpize8.5, ...); php-common is pinned to unstable's,
# since experimental's declares itself incompatible with php8.4 and 8.5.
# The chroot is $CHAN_CACHE/sid (CHAN_CACHE defaults to /var/cache/chan),
# reused while it works and its package list is the one below; otherwise it
# is made again (about a minute). Needs root and debootstrap
# (scripts/setup.sh installs it).
set -euo pipefail

cache=${CHAN_CACHE:-/var/cache/chan}
root="$cache/sid"
mirror=http://deb.debian.org/debian
versions=(8.4 8.5 8.6)
packages=(gcc make libc6-dev valgrind procps php-pear)
for v in "${versions[@]}"; do
	packages+=("php$v-cli" "php$v-dev" "php$v-fpm" "php$v-xml") # xml: pecl runs on the newest
done
packages+=(php8.4-opcache) # built in from 8.5 on
stamp="${packages[*]}"

mount_proc() {
	mountpoint -q "$1/proc" || mount -t proc proc "$1/proc"
}

# Unmounts what we mounted, then removes the tree (never through a mount).
remove_root() {
	local r=$1
	[ -d "$r" ] || return 0
	if mountpoint -q "$r/proc"; then
		umount -l "$r/proc"
	fi
	if mountpoint -q "$r/proc"; then
		echo "chroot: $r/proc is still mounted; not removing $r" >&2
		return 1
	fi
	rm -rf --one-file-system "$r"
}

works() {
	[ "$(cat "$root/.chan-packages" 2>/dev/null)" = "$stamp" ] || return 1
	mount_proc "$root" || return 1
	local v
	for v in "${versions[@]}"; do
		chroot "$root" "php$v" -n -r 'echo 1;' >/dev/null 2>&1 || return 1
		chroot "$root" "php-config$v" --version >/dev/null 2>&1 || return 1
	done
}

make_root() {
	local new="$root.new" log="$cache/chroot.log"
	mkdir -p "$cache"
	remove_root "$new"
	echo "chroot: making $root (debootstrap sid, PHP ${versions[*]})" >&2
	{
		debootstrap --variant=minbase --include=ca-certificates sid "$new" "$mirror" &&
			cat >"$new/etc/apt/sources.list" <<-EOF &&
				deb $mirror sid main
				deb $mirror experimental main
			EOF
			cat >"$new/etc/apt/preferences.d/chan" <<-'EOF' &&
				Package: php-common
				Pin: release a=unstable
				Pin-Priority: 1001

				Package: php8.5* php8.6* libphp8.5* libphp8.6*
				Pin: release a=experimental
				Pin-Priority: 990
			EOF
			printf '#!/bin/sh\nexit 101\n' >"$new/usr/sbin/policy-rc.d" && # no service starts
			chmod +x "$new/usr/sbin/policy-rc.d" &&
			mount_proc "$new" &&
			chroot "$new" apt-get -o Acquire::Check-Valid-Until=false -q update &&
			chroot "$new" env DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false \
				install -y -q --no-install-recommends "${packages[@]}" &&
			chroot "$new" apt-get clean
	} >"$log" 2>&1 || {
		tail -n 30 "$log" >&2
		echo "chroot: making $root failed (log: $log)" >&2
		remove_root "$new" || true
		exit 1
	}
	echo "$stamp" >"$new/.chan-packages"
	umount -l "$new/proc"
	remove_root "$root"
	mv "$new" "$root"
	mount_proc "$root"
}

if [ "$(id -u)" -ne 0 ]; then
	echo "chroot: needs root (chroot, mount, debootstrap)" >&2
	exit 1
fi
works || make_root

# Names resolve in the chroot as on the host: debootstrap writes no
# /etc/hosts, and without one "localhost" does not resolve there (the dns
# tests on 8.4 to 8.6 failed on a fresh machine). Kept in step on every call.
for f in /etc/hosts /etc/resolv.conf; do
	if [ -f "$f" ] && ! cmp -s "$f" "$root$f"; then
		cp -L "$f" "$root$f.chan-new" && mv -f "$root$f.chan-new" "$root$f"
	fi
done

if [ $# -eq 0 ]; then
	echo "$root"
elif [ "$1" = --sync ]; then
	# The checkout as it is in the work tree: tracked and untracked files
	# (not ignored ones), so a build there is a build of what is here.
	repo=$(cd "$(dirname "$0")/.." && pwd)
	rm -rf "$root/build/src"
	mkdir -p "$root/build/src"
	git -C "$repo" ls-files -z --cached --others --exclude-standard |
		(cd "$repo" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
		tar -C "$repo" --null -T - -cf - | tar -C "$root/build/src" -xf -
else
	exec chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		LANG=C.UTF-8 PHP_INI_SCAN_DIR=:/build/src/scripts/ini ${VALGRIND_OPTS:+VALGRIND_OPTS="$VALGRIND_OPTS"} "$@"
fi
