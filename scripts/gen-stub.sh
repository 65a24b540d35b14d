#!/bin/sh
# Regenerates chan_arginfo.h from chan.stub.php with php-dev's gen_stub.php.
# gen_stub.php would download PHP-Parser; Debian's php-parser package stands in.
set -eu
cd "$(dirname "$0")/.."
build=$(php-config --extension-dir | sed 's#/[^/]*$##')/$(basename "$(php-config --extension-dir)")/build
[ -f "$build/gen_stub.php" ] || build=$(dirname "$(php-config --php-binary)")/../lib/php/build
gen="$build/gen_stub.php"
[ -f "$gen" ] || gen=$(find /usr/lib/php -name gen_stub.php | head -n 1)
[ -d /usr/share/php/PhpParser ] || { echo "gen-stub: install php-parser (apt-get install php-parser)" >&2; exit 1; }
ver=$(sed -n 's/^ *\$version = "\(.*\)";/\1/p' "$gen" | head -n 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$gen" "$tmp/gen_stub.php"
mkdir -p "$tmp/PHP-Parser-$ver/lib"
ln -s /usr/share/php/PhpParser "$tmp/PHP-Parser-$ver/lib/PhpParser"
php "$tmp/gen_stub.php" -f chan.stub.php
