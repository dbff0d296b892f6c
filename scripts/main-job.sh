#!/bin/sh
# SPDX-License-Identifier: MIT
# Build grundy (Release) and run the main job. Usage: sh scripts/main-job.sh
set -eu
cd "$(dirname "$0")/.."
. scripts/deps.sh
grundy_need_packages
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DGRUNDY_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j "$jobs" >/dev/null
g=build/release/grundy
set -x
"$g" rule 0.07
"$g" rule kayles --json
