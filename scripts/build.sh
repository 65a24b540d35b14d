#!/usr/bin/env bash
# Builds chan.so out of tree and prints its path.
#
#   scripts/build.sh [dev|release|asan]     (default: dev)
#
#   dev      --enable-chan-dev: -O0 -g -Wall -Wextra -Werror, assertions on
#   release  -O2 -g, no debug switches (what the benchmarks use)
#   asan     --enable-chan-sanitizers: ASan + UBSan (see README: Testing)
#
# The sources are copied into .build-MODE/ at the top of the repository, so
# the work tree stays free of phpize output and the three modes never mix.
# phpize and configure run again only when config.m4, the mode's flags or the
# PHP installation changed; otherwise this is just an incremental make.
# Compiler output is shown only when the build fails.
#
# Another PHP: PHP_CONFIG=php-config8.4 PHPIZE=phpize8.4 (default: the ones on
# PATH); CHAN_BUILD_DIR puts the build elsewhere than .build-MODE/.
set -euo pipefail

mode=${1:-dev}
case "$mode" in
	dev) conf=(--enable-chan --enable-chan-dev); cflags="-g -O0" ;;
	release) conf=(--enable-chan); cflags="-g -O2" ;;
	asan) conf=(--enable-chan --enable-chan-sanitizers); cflags="-g -O1" ;;
	*) echo "usage: $0 [dev|release|asan]" >&2; exit 2 ;;
esac

repo=$(cd "$(dirname "$0")/.." && pwd)
out=${CHAN_BUILD_DIR:-"$repo/.build-$mode"}
php_config=${PHP_CONFIG:-php-config}
phpize=${PHPIZE:-phpize}
mkdir -p "$out"
log="$out/build.log"

# On failure: the compiler's diagnostics if there are any, else the log's tail.
fail() {
	echo "build ($mode): $1 failed (full log: $log)" >&2
	if grep -qE '(error|warning):' "$log"; then
		grep -E -A4 '(error|warning):' "$log" | head -n 80 >&2
	else
		tail -n 40 "$log" >&2
	fi
	exit 1
}

# Sources: every top-level .c/.h (config.h is configure's output, not a
# source), the build definitions and the stub. A file is copied only when its
# content differs, so make rebuilds only what changed.
shopt -s nullglob
srcs=()
for f in "$repo"/*.c "$repo"/*.h "$repo"/config.m4 "$repo"/config.w32 "$repo"/chan.stub.php; do
	[ "$(basename "$f")" = config.h ] && continue
	[ -f "$f" ] && srcs+=("$f")
done
for f in "${srcs[@]}"; do
	cmp -s "$f" "$out/$(basename "$f")" || cp "$f" "$out/"
done

# Configure when config.m4, the mode or the PHP installation changed.
stamp="$(sha1sum "$repo/config.m4" | cut -d' ' -f1) ${conf[*]} CFLAGS=$cflags $(command -v "$php_config") $("$php_config" --version)"
if [ ! -f "$out/Makefile" ] || [ "$(cat "$out/.configured" 2>/dev/null)" != "$stamp" ]; then
	rm -f "$out/.configured"
	(cd "$out" && "$phpize") >"$log" 2>&1 || fail phpize
	(cd "$out" && CFLAGS="$cflags" ./configure --with-php-config="$php_config" "${conf[@]}") >>"$log" 2>&1 || fail configure
	(cd "$out" && make clean) >>"$log" 2>&1 || true
	echo "$stamp" >"$out/.configured"
else
	: >"$log"
fi

make -C "$out" -j2 >>"$log" 2>&1 || fail make
[ -f "$out/modules/chan.so" ] || fail "make (no modules/chan.so)"

# A stock PHP loads extensions with dlopen(RTLD_DEEPBIND), which the ASan
# runtime refuses. nodeepbind.so, preloaded before libasan, clears the flag:
#   LD_PRELOAD="$out/nodeepbind.so $(gcc -print-file-name=libasan.so)"
#   ASAN_OPTIONS=verify_asan_link_order=0 USE_ZEND_ALLOC=0 php -d extension=...
if [ "$mode" = asan ]; then
	cat >"$out/nodeepbind.c.new" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int mode)
{
	static void *(*next)(const char *, int);
	if (!next) {
		next = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
	}
#ifdef RTLD_DEEPBIND
	mode &= ~RTLD_DEEPBIND;
#endif
	return next(file, mode);
}
EOF
	if ! cmp -s "$out/nodeepbind.c.new" "$out/nodeepbind.c" || [ ! -f "$out/nodeepbind.so" ]; then
		mv "$out/nodeepbind.c.new" "$out/nodeepbind.c"
		gcc -shared -fPIC -O2 -Wall -Werror -o "$out/nodeepbind.so" "$out/nodeepbind.c" -ldl >>"$log" 2>&1 ||
			fail "nodeepbind.so"
	fi
	rm -f "$out/nodeepbind.c.new"
fi
echo "$out/modules/chan.so"
