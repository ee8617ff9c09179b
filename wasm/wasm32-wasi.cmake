# SPDX-License-Identifier: MIT
# wasm32-wasi.cmake - the CMake toolchain for the WebAssembly build: Debian's
# clang 14 and lld 14 with Debian's wasi-libc (/usr/include/wasm32-wasi,
# /usr/lib/wasm32-wasi) and compiler-rt builtins for wasm32
# (libclang-rt-14-dev-wasm32). Nothing is downloaded; ci/install-deps.sh
# installs the four packages. Used by wasm/CMakeLists.txt, which sets it
# itself when no toolchain is given.
# "Generic": CMake has no platform file for WASI, and needs none here.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)

find_program(ROBOTS_WASM_CLANG NAMES clang-14 clang REQUIRED)
set(CMAKE_C_COMPILER "${ROBOTS_WASM_CLANG}")
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
# Debian's wasi-libc installs its headers and libraries in multiarch
# folders of /usr (/usr/include/wasm32-wasi, /usr/lib/wasm32-wasi), which
# clang 14's WASI driver finds by default. wasm/CMakeLists.txt keeps the
# compiler from the host's /usr/include as well.
set(CMAKE_C_FLAGS_INIT "--target=wasm32-wasi")
set(CMAKE_EXE_LINKER_FLAGS_INIT "--target=wasm32-wasi -fuse-ld=lld")
# A compiler check links a program with _start; there is none here.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
