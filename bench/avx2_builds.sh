#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds compared on an AVX2 machine: 0.6 to 2^23 on one and two threads with each build's
# bench_threads, alternating the builds in one run (docs/benchmarks.md, "Sixth session: AMD
# EPYC, AVX2"). Usage:
#   sh bench/avx2_builds.sh ROUNDS BUILD...
# where each BUILD directory holds bench/bench_threads (cmake -DGRUNDY_BUILD_BENCH=ON). Prints one
# line per build and round: bench_threads' two lines (wall, CPU, calling thread, hash) joined.
set -eu
rounds=$1
shift
for r in $(seq "$rounds"); do
    for b in "$@"; do
        echo "round $r $b: $("$b/bench/bench_threads" sparse 0.6 8388609 1 1 2 | tr '\n' ' ')"
    done
done
