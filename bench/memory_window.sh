#!/bin/sh
# SPDX-License-Identifier: MIT
# Memory beyond RAM: `grundy stats 0.167 --to N` with --memory BYTES (a prefix and a
# window behind the current heap) against the same run keeping every value, alternated, RUNS
# times each. Prints wall and user seconds, peak RSS (KiB) and values per user-CPU second per
# run, then the medians. Usage: sh bench/memory_window.sh GRUNDY [N] [BYTES] [RUNS]
# (defaults 268435456, 268435456, 3). Run under nice -n 19 on a shared machine.
set -eu
grundy=$1
n=${2:-268435456}
bytes=${3:-268435456}
runs=${4:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
one() { # label, extra options
    label=$1
    shift
    /usr/bin/time -f '%e %U %M' -o "$out/t" "$grundy" stats 0.167 --to "$n" -q --max-n "$n" "$@" \
        >"$out/s.$label"
    read -r e u m <"$out/t"
    rate=$(awk -v n="$n" -v u="$u" 'BEGIN { printf "%.0f", (n + 1) / u }')
    echo "$label $e $u $m $rate" | tee -a "$out/all"
}
i=0
while [ $i -lt "$runs" ]; do
    one windowed --memory "$bytes"
    one full
    i=$((i + 1))
done
cmp -s "$out/s.windowed" "$out/s.full" && echo "stats identical"
for label in windowed full; do
    for col in 2 3 4 5; do
        grep "^$label " "$out/all" | awk -v c=$col '{ print $c }' | sort -n |
            awk '{ v[NR] = $1 } END { printf "%s ", v[int((NR + 1) / 2)] }'
    done | sed "s/^/median $label (wall s, user s, peak RSS KiB, values per user s): /"
    echo
done
