#!/bin/sh
# SPDX-License-Identifier: MIT
# Figures of the seed problems at their limits through grundy's batches and nim count,
# against one process per query. Usage: sh bench/seed_batches.sh [GRUNDY]   (3 runs each; prints
# wall and user seconds per run). Inputs are fixed (awk's srand(15)).
set -eu
g=${1:-build/release/cli/grundy}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Ladder count at its limits: 200,000 queries n <= 10^6, amounts 2 5 (seed 004, problem 1).
awk 'BEGIN { srand(15); print 200000; for (i = 0; i < 200000; i++) print int(rand() * 1000001) }' >"$tmp/ladder"
tail -n 1000 "$tmp/ladder" >"$tmp/ladder1000"
# Misere two piles at its limits: 10,000 queries a, b <= 300 (problem 6).
awk 'BEGIN { srand(15); print 10000; for (i = 0; i < 10000; i++) print int(rand() * 301), int(rand() * 301) }' >"$tmp/piles"
# Dividing cards: 100 queries n <= 18 (problem 9).
awk 'BEGIN { srand(15); print 100; for (i = 0; i < 100; i++) print 1 + int(rand() * 18) }' >"$tmp/cards"
measure() { # label, command
    for run in 1 2 3; do
        /usr/bin/time -f "$1 run $run: %e s wall, %U s user" sh -c "$2" >/dev/null
    done
}
measure "count S(2,5), 200000 queries, one batch" "'$g' count 'S(2,5)' --input '$tmp/ladder' --format seed"
measure "count S(2,5), 1000 queries, one process each" "while read -r n; do '$g' count 'S(2,5)' --to \$n; done <'$tmp/ladder1000'"
measure "misere-piles, 10000 queries, one batch" "'$g' solve misere-piles --input '$tmp/piles' --format seed"
measure "divisors, 100 queries, one batch" "'$g' solve divisors --input '$tmp/cards' --format seed"
measure "nim count, Project Euler 301 (2^30)" "'$g' nim count --to 1073741824"
measure "nim count, 2^62" "'$g' nim count --to 4611686018427387904"
measure "nim count --multipliers 3,5,7,11,13 to 2^62 (15015 states)" "'$g' nim count --to 4611686018427387904 --multipliers 3,5,7,11,13"
