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
    clang-tidy      # gates naming, static
    cppcheck        # gate static (ci/static_analysis.sh)
    libcjson-dev    # the conformance runner
    libcurl4-openssl-dev # robots fetch and its HTTP conformance cases
    python3         # conformance checker, coverage function check
    binutils        # gate symbols (nm)
    gcovr           # gate coverage
    pmccabe         # gate complexity (ci/complexity.py)
    valgrind        # gate valgrind
    afl++           # gate fuzz (ci/fuzz-smoke.sh)
    python3-protego         # gates compat, python: Protego (Scrapy's parser)
    libwww-robotrules-perl  # gate compat: Perl's WWW::RobotRules
    ruby                    # gate compat: runs webrobots
    ruby-webrobots          # gate compat: Ruby's webrobots
    lld-14          # gates js, web: links librobots.wasm (wasm/)
    wasi-libc       # gates js, web, static: the C library for wasm32-wasi
    libclang-rt-14-dev-wasm32 # gates js, web: compiler-rt builtins for wasm32
    nodejs          # gates js, web: node --test, the page's browser test
    chromium        # gate web: the tester page in a real browser, headless
    python3-dev         # gates python, static: the extension's headers
    python3-setuptools  # gate python: setup.py, pip install --no-build-isolation
    python3-pip         # gate python: pip install ./python
    python3-venv        # gate python: the venv pip installs into
    python3-pytest      # gate python: python/tests
    python3-scrapy      # gate python: the Scrapy crawl (test_scrapy.py)
    python3-dask        # gate python: the Dask bag (test_dask.py)
)

# npm packages, pinned, for the gates that run node: installed into
# build/npm of this checkout (ROBOTS_NPM_DIR elsewhere), never globally.
npm_dir=${ROBOTS_NPM_DIR:-$(cd "$(dirname "$0")/.." && pwd)/build/npm}
npm_packages=(
    playwright-core@1.65.1 # gate web: drives /usr/bin/chromium, downloads no browser
)

missing=()
for pkg in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done

# Debian's nodejs comes without npm (NodeSource's has it).
if ! command -v npm >/dev/null 2>&1 && [[ " ${missing[*]} " != *" npm "* ]]; then
    missing+=(npm)
fi

if [ ${#missing[@]} -gt 0 ]; then
    echo "install-deps: installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        sudo=sudo
    else
        sudo=
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for spec in "${npm_packages[@]}"; do
    name=${spec%@*}
    version=${spec##*@}
    have=$(node -p "require('$npm_dir/node_modules/$name/package.json').version" 2>/dev/null || true)
    if [ "$have" != "$version" ]; then
        echo "install-deps: installing $spec into $npm_dir"
        mkdir -p "$npm_dir"
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$npm_dir" \
            --no-save --no-package-lock --no-audit --no-fund "$spec" >/dev/null
    fi
done
