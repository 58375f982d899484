#!/usr/bin/env bash
# The whole test suite, as the README's test command: the Rust workspace and the library's
# feature matrix, then the Python package built into a fresh virtual environment (maturin and
# pytest come from PyPI) and its pytest suite, then the JavaScript package. Needs the Rust
# toolchain, a C and C++ compiler (cc, c++), valgrind (the C library's test programs run under
# it), Python 3.8+ with venv, Node.js 18+, a WebAssembly toolchain (rustup's wasm32 target,
# or Debian's rustc-web, cargo-web, rust-web-src and lld, which scripts/build-js.sh installs) and
# Chromium (/usr/bin/chromium, or CHROMIUM=path) for the page's test, and pkg-config and openssl
# for the guide's blocks (scripts/test-guide.sh). scripts/prerequisites.sh checks them first and
# installs Debian's packages where they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every prerequisite there (Debian's packages installed when missing), or one line saying what
# to install, before any build.
scripts/prerequisites.sh
# One name for the run: the tests' note that ../shared/vectors/ is absent is said once in it.
export RANGEPROOF_TEST_RUN="test-all-$$-$(date +%s)"
# Linking the test binaries is much of the build: with LLVM's linker where it is installed
# (Debian's lld, which the WebAssembly toolchain needs anyway). The linker is not part of what
# the crates are compiled with: later steps reuse this build where their features match.
if command -v ld.lld >/dev/null; then
    export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER="$PWD/scripts/cc-lld"
fi
target_dir="${CARGO_TARGET_DIR:-target}"
# The Python package's build below reads the dependencies this one built.
cargo test --release --workspace --all-features
# The examples a user opens first run to the end: each checks its own answers (mainnet proofs
# valid, tampered ones refused, a rewound opening equal to the one proved) and fails otherwise.
# The test run built them, with these features.
for example in monero_transaction grin_output liquid_transaction gadgets mixed_batch; do
    "$target_dir/release/examples/$example" > /dev/null
done
# The feature matrix: the library with one deployment family at a time, every target of it
# (the library, its tests, benchmarks and examples) type-checked without the others, which is
# what a feature gate can break; the tests ran above, with every feature. Then the dependency
# promise of a ristretto255-only build.
cargo check --quiet -p rangeproof --all-targets --no-default-features --features dalek
cargo check --quiet -p rangeproof --all-targets --no-default-features --features secp256k1-zkp
cargo check --quiet -p rangeproof --all-targets --no-default-features --features group-secp256k1
if cargo tree -e normal --no-default-features --features dalek -p rangeproof --prefix none \
    | grep -E '^(k256|monero-|curve25519-dalek v4)'; then
    echo "a dalek-only build pulls in the crates listed above" >&2
    exit 1
fi
# And of the secp256k1 group alone: none of libsecp256k1-zkp's proofs' dependencies.
if cargo tree -e normal --no-default-features --features group-secp256k1 -p rangeproof \
    --prefix none | grep -E '^(hmac|chacha20|blake3|monero-) '; then
    echo "a build of the secp256k1 group alone pulls in the crates listed above" >&2
    exit 1
fi
# The no_std core: without the `std` feature the library is `#![no_std]` (with `alloc`), and no
# dependency of it may turn its own `std` feature on or reach for the OS random source.
cargo check --quiet -p rangeproof --no-default-features --features dalek
if cargo tree -e normal,features --no-default-features --features dalek -p rangeproof \
    | grep -E 'feature "std"|getrandom'; then
    echo "the no_std core pulls in std through the dependencies listed above" >&2
    exit 1
fi
# Publishing: every publishable crate packages (licence files, metadata, versions on the path
# dependencies) and builds from its package alone, in the order they depend on each other (the
# later ones against the earlier ones' packages). A dry run: nothing is uploaded.
# Cargo extracts each packaged crate under $CARGO_HOME/registry/src/-<hash>/ and, taking registry
# crates as immutable, would build an earlier run's extraction of the same version (and its
# artifacts): remove ours, and build in a target directory of the dry run's own.
# It runs in the background from the Python tests on, beside the steps that leave a core idle
# (pytest, node, the page, the guide), and is waited for at the end.
publish() {
    for crate in rangeproof rangeproof-documents rangeproof-app rangeproof-cli rangeproof-ffi; do
        rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$crate"-[0-9]*
    done
    rm -rf "$target_dir/publish"
    cargo publish --workspace --dry-run --allow-dirty --target-dir "$target_dir/publish" \
        > "$target_dir/publish.log" 2>&1
}
venv="${RANGEPROOF_VENV:-target/python-venv}"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" "pytest>=7"
# The Python package as it would be published: one abi3 wheel (any CPython 3.8+), installed
# from the file with its `dask` extra. With the test-only deployment in its registry (feature
# `testing`), which the tests prove through the package: it reaches Python with no line of
# Python for it. A published wheel is built without it.
rm -rf target/wheels
# In the workspace's target directory: the dependencies built above are reused.
CARGO_TARGET_DIR="$target_dir" "$venv/bin/python" -m maturin build --quiet --release \
    --manifest-path bindings/python/Cargo.toml --features testing --out target/wheels
wheels=(target/wheels/rangeproof-*-cp38-abi3-*.whl)
if [ ! -f "${wheels[0]}" ] || [ "${#wheels[@]}" -ne 1 ]; then
    echo "maturin did not build one abi3 wheel: $(ls target/wheels)" >&2
    exit 1
fi
"$venv/bin/python" -m pip install --quiet "${wheels[0]}[dask]"
# The JavaScript package's WebAssembly modules (with Debian's WebAssembly toolchain, installed
# when missing, where rustup has no wasm32 target), with the test-only deployment in the
# modules' registry (`--testing`), as in the Python wheel above. The last build of the run:
# the publishing dry run starts beside the tests that follow.
scripts/build-js.sh --install --testing
publish &
publishing=$!
# A step failing ends the run: the dry run with it.
trap 'kill "$publishing" 2>/dev/null || true' EXIT
"$venv/bin/python" -m pytest -q bindings/python/tests
# The JavaScript package's node --test suite, which reads the same vectors as the Rust and
# Python tests.
node --test bindings/js/test/
# Interoperation with the JavaScript packages users would otherwise pick, from the npm registry
# at the versions bindings/js/bench/package-lock.json pins: Solana's WebAssembly SDK
# (@solana/zk-sdk: batched range proof data) and libsecp256k1-zkp's WebAssembly build as Liquid
# web wallets use it (@vulpemventures/secp256k1-zkp: Borromean range proofs, rewinding, asset
# surjection proofs). Each side verifies the other's proofs.
(cd bindings/js/bench && npm ci --silent --no-audit --no-fund)
node --test bindings/js/bench/
# The verification page (web/) in headless Chromium (Debian's chromium; puppeteer-core from the
# npm registry drives it): the vectors verified in the page, a screenshot left in target/web/.
(cd web && npm ci --silent --no-audit --no-fund)
node --test web/test/
# The guide's code (docs/*.md and the README's blocks) run; its Rust blocks ran as doctests in
# the workspace test above.
scripts/test-guide.sh --no-rust
if ! wait "$publishing"; then
    cat "$target_dir/publish.log" >&2
    echo "the publishing dry run failed (above)" >&2
    exit 1
fi
