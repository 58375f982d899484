#!/usr/bin/env bash
# Builds the C library (release) and installs it under PREFIX (default /usr/local):
# lib/librangeproof.a, lib/librangeproof.so, include/rangeproof.h, lib/pkgconfig/rangeproof.pc.
# Then: cc app.c $(pkg-config --cflags --libs rangeproof) -Wl,-rpath,PREFIX/lib (the shared
# library), or the archive by its path: cc app.c $(pkg-config --cflags rangeproof)
# PREFIX/lib/librangeproof.a -lpthread -ldl -lm -lrt -lutil (`pkg-config --static` would still
# link the shared one, which sits beside it).
set -euo pipefail
# The repository from the script's real path (a link to scripts/, as the guide's runner makes, works too).
cd "$(dirname "$(readlink -f "$0")")/.."
prefix="${1:-/usr/local}"
cargo build --release -p rangeproof-ffi
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
target="${CARGO_TARGET_DIR:-target}/release"
install -d "$prefix/lib/pkgconfig" "$prefix/include"
install -m 644 "$target/librangeproof_ffi.a" "$prefix/lib/librangeproof.a"
install -m 755 "$target/librangeproof_ffi.so" "$prefix/lib/librangeproof.so"
install -m 644 rangeproof-ffi/include/rangeproof.h "$prefix/include/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" rangeproof-ffi/rangeproof.pc.in \
    > "$prefix/lib/pkgconfig/rangeproof.pc"
echo "installed under $prefix"
