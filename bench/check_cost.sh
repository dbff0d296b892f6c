#!/bin/sh
# SPDX-License-Identifier: MIT
# What --check costs: user CPU of `grundy values RULE --to N` with and without --check
# at its default rate, alternating, ROUNDS rounds; prints every run and the medians.
#   sh bench/check_cost.sh GRUNDY [N [ROUNDS [RULE...]]]
set -eu
grundy=$1
n=${2:-4194303}
rounds=${3:-3}
shift $(($# < 3 ? $# : 3))
rules=${*:-0.6 0.034}
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
for rule in $rules; do
    : >/tmp/check_cost_off.$$
    : >/tmp/check_cost_on.$$
    for r in $(seq "$rounds"); do
        for mode in off on; do
            flag=
            [ "$mode" = on ] && flag=--check
            t=$( { /usr/bin/time -f "%U %e" "$grundy" values "$rule" --to "$n" --max-n $((n + 1)) \
                $flag >/dev/null; } 2>&1 | tail -1)
            echo "$rule round $r $mode: user ${t% *} s, wall ${t#* } s"
            echo "${t% *}" >>/tmp/check_cost_$mode.$$
        done
    done
    off=$(median </tmp/check_cost_off.$$)
    on=$(median </tmp/check_cost_on.$$)
    echo "$rule to $n: median user without --check $off s, with --check $on s"
done
rm -f /tmp/check_cost_off.$$ /tmp/check_cost_on.$$
