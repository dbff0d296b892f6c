#!/bin/sh
# SPDX-License-Identifier: MIT
# Build and run every test: a Release build with -Werror, a Debug build with AddressSanitizer and
# UndefinedBehaviorSanitizer, and the clang-format check. Usage: sh scripts/test-all.sh
set -eu
cd "$(dirname "$0")/.."
. scripts/deps.sh
grundy_need_packages clang-format pkg-config python3
# Installing (pkg-config), PNG plots (cairo) and rendering the SVG plots in the tests (rsvg-convert).
grundy_need_debs librsvg2-bin libcairo2-dev python3-pip
# The Python package's optional NumPy arrays and matplotlib helper, and running the tutorial
# notebook (nbclient, ipykernel).
grundy_need_debs python3-numpy python3-nbclient python3-ipykernel python3-matplotlib
# the solver across processes (grundy-mpi) and its tests
grundy_need_debs libopenmpi-dev openmpi-bin
# the page in the browser: libgrundy in WebAssembly, and headless Chromium to test it
grundy_need_debs emscripten chromium chromium-driver
# the shells whose completion the tests drive (bash is there already)
grundy_need_debs zsh fish
GRUNDY_REQUIRE_RSVG=1
GRUNDY_REQUIRE_SHELLS=1
GRUNDY_REQUIRE_WEB=1
GRUNDY_REQUIRE_MATPLOTLIB=1
export GRUNDY_REQUIRE_RSVG GRUNDY_REQUIRE_SHELLS GRUNDY_REQUIRE_WEB GRUNDY_REQUIRE_MATPLOTLIB
jobs=$(nproc 2>/dev/null || echo 2)

build_and_test() {
    dir=$1
    shift
    echo "== $dir: configure, build, test"
    cmake -S . -B "$dir" "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
    # --no-tests=error: a build that registered no test is a failure, not a pass.
    (cd "$dir" && ctest --output-on-failure --no-tests=error -j "$jobs")
}

# GRUNDY_BUILD_TESTS=ON explicitly: a cache left by another configure must not switch tests off.
# The benchmarks are built too (not run), so that they keep compiling warning-free; so is the page
# in the browser (build/release/web), which the Release build's web_browser test drives.
build_and_test build/release -DCMAKE_BUILD_TYPE=Release -DGRUNDY_WERROR=ON -DGRUNDY_BUILD_TESTS=ON \
    -DGRUNDY_BUILD_BENCH=ON -DGRUNDY_BUILD_WEB=ON
build_and_test build/asan -DCMAKE_BUILD_TYPE=Debug -DGRUNDY_WERROR=ON \
    -DGRUNDY_SANITIZE=address,undefined -DGRUNDY_BUILD_TESTS=ON

echo "== clang-format check"
if git rev-parse --git-dir >/dev/null 2>&1; then
    files=$(git ls-files '*.c' '*.h')
else
    files=$(find include src cli tests bench fuzz examples -name '*.[ch]' 2>/dev/null)
fi
# shellcheck disable=SC2086
clang-format --dry-run --Werror $files
echo "clang-format: all files formatted"
