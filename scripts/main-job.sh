#!/bin/sh
# SPDX-License-Identifier: MIT
# Build grundy (Release) and run the main job: the Project Euler 306 answer and the proved
# period of Dawson's Kayles (0.07). Usage: sh scripts/main-job.sh
set -eu
cd "$(dirname "$0")/.."
. scripts/deps.sh
grundy_need_packages
jobs=$(nproc 2>/dev/null || echo 2)
# Its own build directory: build/release belongs to scripts/test-all.sh, whose tests must not be
# switched off by this configure (CMake caches GRUNDY_BUILD_TESTS).
cmake -S . -B build/main-job -DCMAKE_BUILD_TYPE=Release -DGRUNDY_BUILD_TESTS=OFF >/dev/null
cmake --build build/main-job -j "$jobs" >/dev/null
g=build/main-job/cli/grundy
# Project Euler 306: a strip of n squares, a move paints two adjacent white squares, whoever
# cannot move loses. It is Dawson's Kayles, the octal game 0.07: the first player wins for
# 852938 of the lengths 1..10^6, because g(n) has period 34 from n = 53 (proved by Guy-Smith).
set -x
"$g" count 0.07 --from 1 --to 1000000
"$g" period 0.07
"$g" period 0.07 --json
"$g" value 0.07 1000000000000000000
