#!/bin/sh
# SPDX-License-Identifier: MIT
# install_test.sh BUILD_DIR SOURCE_DIR C_COMPILER - installs the build into a
# scratch prefix, then builds a consumer through find_package(robots) (shared
# and static targets) and through pkg-config, and one that includes only
# robots_web.h, and runs each.
set -eu
build=$1
src=$2
cc=$3
tmp=${TMPDIR:-/tmp}/robots-install-test.$$
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"
passed=0
failed=0
check() {
    name=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAILED: $name" >&2
        cat "$tmp/log" >&2
    fi
}

check install cmake --install "$build" --prefix "$tmp/prefix"
for header in robots.h robots_web.h robots_common.h robots_usage.h; do
    check "header $header" test -f "$tmp/prefix/include/$header"
done
check pc-file test -n "$(find "$tmp/prefix" -name robots.pc)"
# The soname is the major version: librobots.so.1 for every 1.x.
check soname test -n "$(find "$tmp/prefix" -name "librobots.so.$(sed -n \
    's/^#define ROBOTS_VERSION_MAJOR \([0-9]*\)$/\1/p' \
    "$src/lib/include/robots_common.h")")"
check cmake-config test -n "$(find "$tmp/prefix" -name robotsConfig.cmake)"
check find_package cmake -S "$src/tests/install_consumer" -B "$tmp/consumer" \
    -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_C_COMPILER="$cc"
check consumer-build cmake --build "$tmp/consumer"
libdir=$(dirname "$(find "$tmp/prefix" -name 'librobots.so*' | head -n 1)")
check consumer-shared env LD_LIBRARY_PATH="$libdir" "$tmp/consumer/consumer"
check consumer-static "$tmp/consumer/consumer_static"
check consumer-web-only env LD_LIBRARY_PATH="$libdir" "$tmp/consumer/consumer_web"
pcdir=$(dirname "$(find "$tmp/prefix" -name robots.pc | head -n 1)")
check pkg-config-build sh -c "$cc -o '$tmp/pc' '$src/tests/install_consumer/main.c' \
    \$(PKG_CONFIG_PATH='$pcdir' pkg-config --cflags --libs robots)"
check pkg-config-run env LD_LIBRARY_PATH="$libdir" "$tmp/pc"
# A file that includes only robots_web.h builds and links the same way.
check pkg-config-web-only-build sh -c "$cc -o '$tmp/pc-web' '$src/tests/install_consumer/web_only.c' \
    \$(PKG_CONFIG_PATH='$pcdir' pkg-config --cflags --libs robots)"
check pkg-config-web-only-run env LD_LIBRARY_PATH="$libdir" "$tmp/pc-web"
check pkg-config-version test "$(PKG_CONFIG_PATH="$pcdir" pkg-config --modversion robots)" = \
    "$(LD_LIBRARY_PATH="$libdir" "$tmp/pc" | cut -d' ' -f1)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
