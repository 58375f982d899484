#!/usr/bin/env bash
# The whole test suite, as the README's test command: the Rust workspace, then the Python
# package built into a fresh virtual environment (maturin and pytest come from PyPI) and its
# pytest suite. Needs the Rust toolchain, a C compiler (cc), and Python 3.8+ with venv.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --workspace --all-features
venv="${RANGEPROOF_VENV:-target/python-venv}"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" "pytest>=7"
"$venv/bin/python" -m pip install --quiet ./bindings/python
"$venv/bin/python" -m pytest -q bindings/python/tests
