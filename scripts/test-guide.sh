#!/usr/bin/env bash
# Runs every code block of the guide (docs/*.md) and of the README, so that neither drifts from
# the code: Rust as doctests of the `guide` crate, Python as doctests (pytest), JavaScript with
# Node, C compiled against the C library and run, shell blocks with the command-line tool. How
# each kind runs, and the info strings that mark a block shown but not run: docs/README.md.
#
# Needs what the earlier steps of scripts/test-all.sh make: the release build of the workspace,
# the Python venv with the package and its dask extra (RANGEPROOF_VENV, default
# target/python-venv), bindings/js/rangeproof.wasm. `--no-rust` skips the doctests:
# test-all.sh's `cargo test --workspace` has run them already.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${RANGEPROOF_VENV:-target/python-venv}"
# Every block's info string is one the runners know (a block of an unknown kind fails here).
node scripts/guide/blocks.mjs
if [ "${1:-}" != "--no-rust" ]; then
    cargo test --release -p guide --doc
fi
# pytest's cache would be written in the repository; the blocks run in temporary directories.
PYTHONPATH=scripts "$venv/bin/python" -m pytest -q -p no:cacheprovider -p guide_doctest docs README.md
node scripts/guide-js.mjs
RANGEPROOF_VENV="$venv" node scripts/guide-shell.mjs
