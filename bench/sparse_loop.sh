#!/bin/sh
# SPDX-License-Identifier: MIT
# The one-thread sparse loop against a baseline build, alternating in one run (the machine
# is shared: compare the CPU times). Usage:
#   sh bench/sparse_loop.sh OLD_BUILD NEW_BUILD [ROUNDS]
# where each build directory holds bench/bench_threads and cli/grundy (cmake -DGRUNDY_BUILD_BENCH=ON).
# Prints one line per run: the build, then bench_threads' line or /usr/bin/time's "wall user".
set -eu
old=$1
new=$2
rounds=${3:-3}
t() { /usr/bin/time -f "%e s wall, %U s user" "$@" 2>&1 >/dev/null | tail -1; }
for r in $(seq "$rounds"); do
    for b in "$old" "$new"; do
        echo "$b: $("$b/bench/bench_threads" sparse 0.6 8388609 1 1 | cut -d, -f1-4)"
        echo "$b: $("$b/bench/bench_threads" sparse '4!.0' 4194305 1 1 | cut -d, -f1-4)"
        echo "$b: period 0.354 --threads 1: $(t "$b/cli/grundy" period 0.354 --threads 1)"
        echo "$b: period 0.16 --threads 1: $(t "$b/cli/grundy" period 0.16 --threads 1)"
    done
    echo "$new: $("$new/bench/bench_threads" sparse 0.6 2097153 1 1 2 | tr '\n' ' ')"
    echo "$new: period 0.354 --threads 2: $(t "$new/cli/grundy" period 0.354 --threads 2)"
    echo "$new: period 0.16 --threads 2: $(t "$new/cli/grundy" period 0.16 --threads 2)"
done
