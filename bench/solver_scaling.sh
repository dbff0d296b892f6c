#!/bin/sh
# SPDX-License-Identifier: MIT
# The solver on 1 and 2 threads and on 2 MPI ranks, alternating, REPS times each, on the games
# given (docs/benchmarks.md, "The solver on threads and MPI ranks"): outcomes and remoteness,
# wall and user CPU and peak memory of every process (GNU time), and the load average.
# Usage: sh bench/solver_scaling.sh BUILD_DIR REPS GAME N [GAME N ...]   (GAME: divisors | pick)
set -u
build=$1
reps=$2
shift 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fmt='wall %e s  user %U s  sys %S s  maxrss %M KB'
while [ $# -ge 2 ]; do
    game=$1
    n=$2
    shift 2
    args="$n"
    [ "$game" = pick ] && args=$(seq -s ' ' 1 "$n")
    r=1
    while [ $r -le "$reps" ]; do
        for cfg in 1 2 mpi2; do
            echo "== $game $n, run $r, $cfg  (load $(cut -d' ' -f1-3 /proc/loadavg))"
            if [ $cfg = mpi2 ]; then
                mpirun --oversubscribe --allow-run-as-root -np 2 /usr/bin/time -f "  rank: $fmt" \
                    "$build/mpi/grundy-mpi" solve "$game" $args --json
            else
                /usr/bin/time -f "  process: $fmt" "$build/bench/bench_solver" threads $cfg "$game" "$n"
            fi
        done
        r=$((r + 1))
    done
done
