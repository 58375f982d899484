#!/usr/bin/env bash
# Builds the JavaScript package's WebAssembly modules (bindings/js/rangeproof.wasm, and the
# verification-only bindings/js/rangeproof-verify.wasm), so that `npm pack` (or `npm test`) in
# bindings/js works.
#
# Two routes, the first that this machine has:
#  1. rustup's toolchain with the wasm32-unknown-unknown target installed
#     (`rustup target add wasm32-unknown-unknown`): a plain `cargo build --target …`.
#  2. Debian's packages rustc-web, cargo-web and rust-web-src (Rust with its library's source)
#     and lld (wasm-ld), where rustup cannot download targets: the standard library is built
#     from that source (`-Zbuild-std`, allowed on a stable compiler by RUSTC_BOOTSTRAP=1) and
#     linked with wasm-ld. `--install` installs those packages first when they are missing (CI).
#
# `--testing` registers the test-only deployment (rangeproof's `testing` feature) in both
# modules, for the test suite (scripts/test-all.sh), whose JavaScript tests prove it through the
# package; a module to publish is built without it.
set -euo pipefail
cd "$(dirname "$0")/.."
install=false
features=()
for arg in "$@"; do
    case "$arg" in
        --install) install=true ;;
        # The tests' modules: with the test-only deployment, and compiled without the
        # release profile's whole-program LTO (the same code; about 50 s less of the suite's
        # time on 2 cores, the modules a fifth larger). Published modules keep the profile.
        --testing)
            features=(--features testing)
            export CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
            ;;
        *) echo "build-js.sh: unknown option $arg (takes --install, --testing)" >&2; exit 2 ;;
    esac
done
manifest=bindings/js/Cargo.toml
target_dir="${CARGO_TARGET_DIR:-target}/js"
target=wasm32-unknown-unknown

# Builds the module with cargo's extra arguments "$@" (the verification-only build:
# --no-default-features).
if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    build() {
        cargo build --release --manifest-path "$manifest" --target "$target" "$@"
    }
else
    debian_rust=/usr/bin/rustc
    if $install && ! { [ -x "$debian_rust" ] && "$debian_rust" --version | grep -q "source tarball" \
        && [ -d /usr/lib/rustlib/src/rust/library ] && command -v wasm-ld >/dev/null; }; then
        packages="rustc-web cargo-web rust-web-src lld"
        if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo=sudo; fi
        $sudo apt-get update -qq
        # bookworm's security suite carries the newer rustc-web (the library needs Rust 1.89).
        $sudo apt-get install -y -qq -t bookworm-security $packages 2>/dev/null \
            || $sudo apt-get install -y -qq $packages
    fi
    if ! { [ -x "$debian_rust" ] && command -v wasm-ld >/dev/null; }; then
        echo "no WebAssembly toolchain: run 'rustup target add $target', or install Debian's" \
            "rustc-web cargo-web rust-web-src lld (or pass --install)" >&2
        exit 2
    fi
    build() {
        RUSTC="$debian_rust" RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
            /usr/bin/cargo build --release --manifest-path "$manifest" --target "$target" \
            -Zbuild-std=std,panic_abort "$@"
    }
fi
# The whole module, then the verification-only one (the package's "rangeproof/verify" entry).
# The whole one uses WebAssembly's 128-bit SIMD (simd128): measured, it proves 3-11 % faster
# (BENCHMARKS.md, issue 43) and verifies no faster, so the verification-only module keeps to
# plain WebAssembly, for every engine that runs it (simd128 needs Safari 16.4 or newer, any
# Chrome, Firefox or Node of the last years). Each has its own target directory: their flags
# differ, and a shared one would rebuild every crate at every switch.
# The two builds run side by side: each ends in a long single-threaded link-time
# optimization (one codegen unit), so one after the other leaves a core idle most of the time.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128" \
    build --target-dir "$target_dir-simd128" "${features[@]}" &
full=$!
build --target-dir "$target_dir" --no-default-features "${features[@]}" &
verify=$!
status=0
wait "$full" || status=$?
wait "$verify" || status=$?
if [ "$status" -ne 0 ]; then
    echo "the WebAssembly build failed (above)" >&2
    exit "$status"
fi
for variant in full verify; do
    if [ "$variant" = full ]; then
        built="$target_dir-simd128"; out=bindings/js/rangeproof.wasm
    else
        built="$target_dir"; out=bindings/js/rangeproof-verify.wasm
    fi
    cp "$built/$target/release/rangeproof_js.wasm" "$out"
    echo "$out: $(wc -c < "$out") bytes, $(gzip -9c "$out" | wc -c) gzipped"
done
