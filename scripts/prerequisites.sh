#!/usr/bin/env bash
# What the test suite needs, checked in its first seconds (scripts/test-all.sh runs this first):
# the tools that come with a toolchain must be there; the ones Debian packages (valgrind,
# Chromium, pkg-config, openssl, lld and python3-venv) are installed when missing, with apt-get
# (through sudo when not root). Anything still missing stops the run at once, with one line
# saying what to install. The WebAssembly toolchain is scripts/build-js.sh --install's.
set -euo pipefail

missing=()
need() { # need COMMAND WHAT-TO-INSTALL
    command -v "$1" >/dev/null || missing+=("$1 ($2)")
}

# Debian's packages, installed when missing.
packages=()
command -v valgrind >/dev/null || packages+=(valgrind)
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || packages+=(chromium)
command -v pkg-config >/dev/null || packages+=(pkg-config)
command -v openssl >/dev/null || packages+=(openssl)
# LLVM's linker: the WebAssembly build needs it, and the test build links with it (faster).
command -v ld.lld >/dev/null || packages+=(lld)
if command -v python3 >/dev/null && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    packages+=(python3-venv)
fi
if [ "${#packages[@]}" -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "installing Debian's ${packages[*]} (the test suite's prerequisites)" >&2
    if ! { command -v apt-get >/dev/null && $sudo apt-get update -qq >/dev/null 2>&1 \
        && $sudo apt-get install -y -qq "${packages[@]}" >/dev/null 2>&1; }; then
        echo "could not install ${packages[*]}: install them, then run the tests again" >&2
        exit 1
    fi
fi

need cargo "the Rust toolchain: https://rustup.rs"
need cc "a C compiler: Debian's build-essential"
need c++ "a C++ compiler: Debian's build-essential"
need python3 "Python 3.8 or later"
need node "Node.js 18 or later"
need npm "npm, with Node.js"
need valgrind "Debian's valgrind"
need pkg-config "Debian's pkg-config"
need openssl "Debian's openssl"
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing+=("Chromium (Debian's chromium, or CHROMIUM=path)")
if command -v python3 >/dev/null; then
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 8))' \
        || missing+=("python3 is $(python3 -V 2>&1): 3.8 or later")
    python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=("python3's venv (Debian's python3-venv)")
fi
if command -v node >/dev/null; then
    major="$(node -p 'process.versions.node.split(".")[0]')"
    [ "$major" -ge 18 ] || missing+=("node is $(node --version): 18 or later")
fi
if [ "${#missing[@]}" -gt 0 ]; then
    echo "the test suite needs: $(IFS=';'; echo "${missing[*]}" | sed 's/;/; /g')" >&2
    exit 1
fi
