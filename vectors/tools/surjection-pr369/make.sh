#!/usr/bin/env bash
# Remakes vectors/elements-surjection-pr369-secp256k1.json's proofs with the C code that made
# them and compares, byte for byte: libsecp256k1-zkp after PR #369 (upstream a2b001cc) as
# mllwchrry/rust-secp256k1-zkp vendors it at 0241680e. Takes a clone of that repository (it
# fetches nothing); needs cc and python3. Not part of the test suite (the sources are not in
# this repository): the suite checks that our prover makes the same bytes
# (rangeproof/tests/elements_surjection.rs).
#
#   vectors/tools/surjection-pr369/make.sh path/to/rust-secp256k1-zkp
#
# VECTORS=other.json checks another file of the same shape (a changed one must fail).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
clone="${1:?usage: make.sh path/to/rust-secp256k1-zkp}"
commit=0241680ee5f72e387c8e37e0a9927b587dc3f7b3
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$clone" archive "$commit" secp256k1-zkp-sys/depend/secp256k1 | tar -x -C "$work"
src="$work/secp256k1-zkp-sys/depend/secp256k1"
# The vendored sources are upstream a2b001cc (PR #369), as the crate records it.
git -C "$clone" show "$commit:secp256k1-zkp-sys/depend/secp256k1-HEAD-revision.txt" \
    | grep -q a2b001cc20c11f3b06985b87da9f7be942250ed0
# The defines of the crate's build script (secp256k1-zkp-sys/build.rs at that commit).
cc -O2 -w -I"$src/include" -I"$src/src" -I"$src" \
    -DSECP256K1_BUILD -DENABLE_MODULE_GENERATOR=1 -DENABLE_MODULE_RANGEPROOF=1 \
    -DENABLE_MODULE_SURJECTIONPROOF=1 -DECMULT_WINDOW_SIZE=15 -DECMULT_GEN_PREC_BITS=4 \
    -DUSE_EXTERNAL_DEFAULT_CALLBACKS=1 \
    "$src/src/secp256k1.c" "$src/src/precomputed_ecmult.c" "$src/src/precomputed_ecmult_gen.c" \
    "$here/harness.c" -o "$work/harness"
python3 "$here/check.py" "$work/harness" "${VECTORS:-$here/../../elements-surjection-pr369-secp256k1.json}"
