#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# compat.sh - runs the conformance suite against librobots and against every
# other robots.txt implementation it can install here, each through its
# batch-protocol adapter (adapters/, README.md "The batch protocol"), and
# writes conformance/COMPATIBILITY.md and conformance/compat.svg.
#
#   conformance/compat.sh [--check] [BUILD_DIR]     (default: build-conf)
#
# Implementations, each pinned to a version and installed by this script
# when missing (an implementation it cannot install is listed in the report
# as unavailable, with how to add it; it is not a failure):
#   Debian packages   Python's urllib.robotparser (python3), Protego
#                     (python3-protego), WWW::RobotRules
#                     (libwww-robotrules-perl), webrobots (ruby-webrobots)
#   npm, pinned       robots-parser, robots-txt-guard (with its parser
#                     robots-txt-parse), robots-txt-parser, robots; into
#                     BUILD_DIR/compat/node
#   google/robotstxt  when GOOGLE_ROBOTSTXT_DIR names a checkout: its
#                     robots_main is built from it with g++ and Debian's
#                     libabsl-dev into BUILD_DIR/compat/google (none of its
#                     code enters this repository)
#   librobots         in-process (robots-conformance itself), the
#                     `robots` command (robots check and robots usage,
#                     behind adapters/robots_command.py), and the npm package
#                     (js/, the library built for WebAssembly into
#                     BUILD_DIR/compat/wasm; adapters/librobots_js.js) and
#                     the Python package (python/, built into
#                     BUILD_DIR/compat/python; adapters/librobots_python.py)
#
# --check is the CI gate `compat` (ci/gates.sh): only the Debian
# implementations and librobots' rows; the report goes to
# BUILD_DIR/compat/ and the exit status is 1 when a librobots row is not
# all passed, or when a Debian implementation cannot be installed, or its
# adapter cannot start, crashes, or breaks the protocol
# (tools/compat_report.py --check says which).
#
# COMPAT_TIMEOUT_MS (2000): --batch-timeout, the time one query may take
# before the adapter is killed as hung; some implementations never answer
# on some cases (the report says which).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then
    check=1
    shift
fi
build="${1:-$root/build-conf}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
out="$build/compat"
timeout_ms="${COMPAT_TIMEOUT_MS:-2000}"
python=/usr/bin/python3 # Debian's: python3-protego is installed for it

# The npm packages, pinned (robots-txt-parse is robots-txt-guard's parser).
npm_pins=(robots-parser@3.0.1 robots-txt-guard@1.0.2 robots-txt-parse@2.0.1
    robots-txt-parser@2.0.3 robots@0.10.1)

rm -rf "$out/runs"
mkdir -p "$out/runs"
manifest="$out/runs/implementations.tsv"
: >"$manifest"
t_start=$SECONDS

# Always rebuild (incremental): the report must describe the current code.
[ -f "$build/CMakeCache.txt" ] || cmake -S "$root" -B "$build" >/dev/null
cmake --build "$build" -j2 --target robots-conformance robots_cli >/dev/null
runner="$build/conformance/robots-conformance"
robots="$build/cli/robots"

# note NAME LABEL VERSION STATUS DETAIL: one line of the manifest, which
# tools/compat_report.py reads (STATUS: ran, unavailable; DETAIL: the run's
# seconds, or how to add the implementation).
note() {
    printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" >>"$manifest"
}

unavailable() { # NAME LABEL HOW
    note "$1" "$2" "" unavailable "$3"
    echo "  $1: unavailable: $3"
}

# run NAME LABEL VERSION [RUNNER ARGS...]: one run of the suite, every
# profile, into runs/NAME.json.
run() {
    local name=$1 label=$2 version=$3 t0=$SECONDS
    shift 3
    "$runner" --json "$out/runs/$name.json" "$@" >"$out/runs/$name.log" 2>&1 || true
    note "$name" "$label" "$version" ran $((SECONDS - t0))
    echo "  $name: $(tail -n 1 "$out/runs/$name.log") ($((SECONDS - t0)) s)"
}

# The cases every adapter is asked: the verdicts and, in the batch
# protocol's version 2, the usage cases (an implementation without
# Content-Usage answers "unsupported"; README.md, "Protocol 2").
asked=(--kind verdict,usage --batch-protocol 2)

# batch NAME LABEL VERSION COMMAND: an implementation with one behaviour,
# asked once per case (--ask-once) and held to every profile.
batch() {
    run "$1" "$2" "$3" "${asked[@]}" --ask-once --batch-timeout "$timeout_ms" \
        --batch-command "$4"
}

deb_version() {
    dpkg-query -W -f='${Version}' "$1" 2>/dev/null || true
}

# deb_install PACKAGE: installs a Debian package when it is missing (as
# root, or through sudo); 1 when it is not installed after.
deb_install() {
    local sudo=
    if dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; then
        return 0
    fi
    command -v apt-get >/dev/null || return 1
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || return 1
        sudo="sudo -n"
    fi
    echo "  installing $1 (Debian)"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
        --no-install-recommends "$1" >/dev/null 2>&1 ||
        { $sudo apt-get update -qq >/dev/null 2>&1 &&
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
                --no-install-recommends "$1" >/dev/null 2>&1; } || return 1
}

echo "compat: running the suite (per-query timeout ${timeout_ms} ms)"
librobots_version="$("$robots" --version 2>/dev/null | sed -n 's/.*(librobots \(.*\)).*/\1/p')"
run librobots "librobots, in-process (every kind of case)" "$librobots_version"
if [ -x "$robots" ]; then
    run robots-command "librobots, the \`robots check\` and \`robots usage\` commands" \
        "$librobots_version" "${asked[@]}" --batch-timeout "$timeout_ms" --batch-command \
        "$python '$here/adapters/robots_command.py' '$robots'"
else
    unavailable robots-command "librobots, the \`robots check\` and \`robots usage\` commands" \
        "the robots command did not build (cmake --build $build --target robots_cli)"
fi

# The npm package (js/): the library built for WebAssembly into this build
# directory (not copied into js/), loaded by the package's own glue.
js_label="librobots, the npm package (\`js/\`, WebAssembly)"
if command -v node >/dev/null &&
    cmake -S "$root/wasm" -B "$out/wasm" -DCMAKE_BUILD_TYPE=Release \
        -DROBOTS_WASM_COPY_TO_JS=OFF >"$out/runs/wasm.log" 2>&1 &&
    cmake --build "$out/wasm" -j2 >>"$out/runs/wasm.log" 2>&1; then
    LIBROBOTS_WASM="$out/wasm/librobots.wasm" run librobots-js "$js_label" \
        "$(node -p "require('$root/js/package.json').version")" \
        "${asked[@]}" --batch-timeout "$timeout_ms" \
        --batch-command "node '$here/adapters/librobots_js.js'"
else
    unavailable librobots-js "$js_label" \
        "needs node and the wasm toolchain (lld-14, wasi-libc, libclang-rt-14-dev-wasm32; ci/install-deps.sh); see $out/runs/wasm.log"
fi

# The Python package (python/): the extension built by CMake into this build
# directory's compat/python, with Debian's python3 and its headers.
py_label="librobots, the Python package (\`python/\`)"
if [ -x "$python" ] &&
    cmake -S "$root" -B "$out/python" -DCMAKE_BUILD_TYPE=Release \
        -DROBOTS_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$python" \
        -DROBOTS_BUILD_TESTS=OFF -DROBOTS_BUILD_CLI=OFF \
        -DROBOTS_BUILD_CONFORMANCE=OFF -DROBOTS_BUILD_BENCH=OFF \
        >"$out/runs/python.log" 2>&1 &&
    cmake --build "$out/python" -j2 --target robots_python robots_python_files \
        >>"$out/runs/python.log" 2>&1; then
    PYTHONPATH="$out/python/python" run librobots-python "$py_label" \
        "$(PYTHONPATH="$out/python/python" "$python" -c 'import librobots; print(librobots.__version__)' 2>/dev/null)" \
        "${asked[@]}" --batch-timeout "$timeout_ms" \
        --batch-command "$python '$here/adapters/librobots_python.py'"
else
    unavailable librobots-python "$py_label" \
        "needs Debian's python3 with python3-dev (ci/install-deps.sh); see $out/runs/python.log"
fi

# Python: the standard library's parser, and Protego.
if [ -x "$python" ]; then
    batch python-urllib "Python \`urllib.robotparser\`" \
        "$("$python" -c 'import sys; print(sys.version.split()[0])')" \
        "$python '$here/adapters/urllib_robotparser.py'"
else
    unavailable python-urllib "Python \`urllib.robotparser\`" "install python3 (Debian) for $python"
fi
if [ -x "$python" ] && deb_install python3-protego; then
    batch python-protego "Protego (Python, Scrapy's parser)" "$(deb_version python3-protego)" \
        "$python '$here/adapters/python_protego.py'"
else
    unavailable python-protego "Protego (Python, Scrapy's parser)" \
        "apt-get install python3-protego (or ci/install-deps.sh)"
fi

# Perl and Ruby.
if command -v perl >/dev/null && deb_install libwww-robotrules-perl; then
    batch perl-www-robotrules "Perl \`WWW::RobotRules\`" "$(deb_version libwww-robotrules-perl)" \
        "perl '$here/adapters/perl_www_robotrules.pl'"
else
    unavailable perl-www-robotrules "Perl \`WWW::RobotRules\`" \
        "apt-get install libwww-robotrules-perl (or ci/install-deps.sh)"
fi
if deb_install ruby-webrobots && command -v ruby >/dev/null; then
    batch ruby-webrobots "Ruby \`webrobots\`" "$(deb_version ruby-webrobots)" \
        "ruby '$here/adapters/ruby_webrobots.rb'"
else
    unavailable ruby-webrobots "Ruby \`webrobots\`" \
        "apt-get install ruby-webrobots (or ci/install-deps.sh)"
fi

# npm: the pinned packages, into $out/node (not in --check: the gate runs
# the Debian implementations).
npm_labels=("npm \`robots-parser\`" "npm \`robots-txt-guard\` (with \`robots-txt-parse\`)"
    "npm \`robots-txt-parser\`" "npm \`robots\`")
npm_names=(npm-robots-parser npm-robots-txt-guard npm-robots-txt-parser npm-robots)
npm_adapters=(npm_robots_parser npm_robots_txt_guard npm_robots_txt_parser npm_robots)
npm_packages=(robots-parser robots-txt-guard robots-txt-parser robots)
if [ "$check" -eq 0 ]; then
    node_dir="$out/node"
    npm_ok=0
    if command -v node >/dev/null && command -v npm >/dev/null; then
        # Installed again only when a pin changed.
        if [ "$(cat "$node_dir/pins" 2>/dev/null)" != "${npm_pins[*]}" ]; then
            echo "  installing ${npm_pins[*]} (npm)"
            rm -rf "$node_dir"
            mkdir -p "$node_dir"
            if npm install --prefix "$node_dir" --no-save --no-audit --no-fund \
                --no-package-lock --silent "${npm_pins[@]}" >"$out/runs/npm.log" 2>&1; then
                echo "${npm_pins[*]}" >"$node_dir/pins"
            fi
        fi
        [ -f "$node_dir/pins" ] && npm_ok=1
    fi
    for i in "${!npm_names[@]}"; do
        if [ "$npm_ok" -eq 1 ]; then
            version="$(node -p "require('$node_dir/node_modules/${npm_packages[$i]}/package.json').version")"
            NODE_PATH="$node_dir/node_modules" batch "${npm_names[$i]}" "${npm_labels[$i]}" \
                "$version" "node '$here/adapters/${npm_adapters[$i]}.js'"
        else
            unavailable "${npm_names[$i]}" "${npm_labels[$i]}" \
                "needs node and npm, and npm's registry: npm install ${npm_pins[*]} (compat.sh does it; see $out/runs/npm.log)"
        fi
    done
fi

# Google's robots_main, from the user's checkout.
google_label="google/robotstxt \`robots_main\`"
if [ "$check" -eq 1 ]; then
    :
elif [ -z "${GOOGLE_ROBOTSTXT_DIR:-}" ]; then
    unavailable google-robotstxt "$google_label" \
        "set GOOGLE_ROBOTSTXT_DIR to a checkout of google/robotstxt: compat.sh builds its robots_main with g++ and Debian's libabsl-dev"
elif [ ! -f "$GOOGLE_ROBOTSTXT_DIR/robots.cc" ] || [ ! -f "$GOOGLE_ROBOTSTXT_DIR/robots_main.cc" ]; then
    unavailable google-robotstxt "$google_label" \
        "GOOGLE_ROBOTSTXT_DIR=$GOOGLE_ROBOTSTXT_DIR has no robots.cc and robots_main.cc"
else
    gdir="$out/google"
    gbin="$gdir/robots_main"
    mkdir -p "$gdir"
    if deb_install libabsl-dev && deb_install g++ && deb_install pkg-config &&
        { [ -x "$gbin" ] && [ -z "$(find "$GOOGLE_ROBOTSTXT_DIR" -maxdepth 1 -newer "$gbin" -name '*.cc')" ] ||
            g++ -std=c++17 -O2 -w -I"$GOOGLE_ROBOTSTXT_DIR" \
                "$GOOGLE_ROBOTSTXT_DIR/robots.cc" "$GOOGLE_ROBOTSTXT_DIR/robots_main.cc" \
                -o "$gbin" $(pkg-config --libs absl_strings) >"$gdir/build.log" 2>&1; }; then
        # A checkout may be a plain copy: its robots.cc names the version.
        gversion="robots.cc $(sha256sum "$GOOGLE_ROBOTSTXT_DIR/robots.cc" | cut -c1-12)"
        if git -C "$GOOGLE_ROBOTSTXT_DIR" rev-parse --short HEAD >/dev/null 2>&1; then
            gversion="commit $(git -C "$GOOGLE_ROBOTSTXT_DIR" rev-parse --short HEAD)"
        fi
        batch google-robotstxt "$google_label" "$gversion" \
            "$python '$here/adapters/robots_main_batch.py' '$gbin'"
    else
        unavailable google-robotstxt "$google_label" \
            "robots_main did not build from $GOOGLE_ROBOTSTXT_DIR (needs g++ and libabsl-dev; see $gdir/build.log)"
    fi
fi

echo "compat: built and ran in $((SECONDS - t_start)) s"
if [ "$check" -eq 1 ]; then
    "$python" "$here/tools/compat_report.py" "$out/runs" --out "$out" --check \
        --require librobots-js,librobots-python,python-urllib,python-protego,perl-www-robotrules,ruby-webrobots
    echo "compat: report in $out/COMPATIBILITY.md"
else
    "$python" "$here/tools/compat_report.py" "$out/runs" --out "$here"
    echo "compat: wrote $here/COMPATIBILITY.md and $here/compat.svg in $((SECONDS - t_start)) s"
fi
