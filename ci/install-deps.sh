#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install-deps.sh - installs, from Debian's packages, what the build and every
# CI gate need. Does nothing when all of them are already present, so it is
# cheap to call first in every script.
set -euo pipefail

# One package per line; add a line (with a comment saying which gate needs it).
packages=(
    cmake           # every build
    make            # every build
    gcc             # gate gcc, coverage, valgrind
    clang           # gates clang, asan-ubsan, msan, fuzz
    clang-format    # gate format
    clang-tidy      # gate naming
    libcjson-dev    # the conformance runner
    python3         # conformance checker, coverage function check
    binutils        # gate symbols (nm)
    gcovr           # gate coverage
    valgrind        # gate valgrind
    afl++           # gate fuzz (ci/fuzz-smoke.sh)
    python3-dev         # gate python: the extension's headers
    python3-setuptools  # gate python: setup.py, pip install --no-build-isolation
    python3-pip         # gate python: pip install ./python
    python3-venv        # gate python: the venv pip installs into
    python3-pytest      # gate python: python/tests
    python3-scrapy      # gate python: the Scrapy crawl (test_scrapy.py)
    python3-protego     # gate python: Scrapy's default parser, compared with
    python3-dask        # gate python: the Dask bag (test_dask.py)
)

missing=()
for pkg in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
else
    sudo=
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
