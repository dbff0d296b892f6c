#!/bin/sh
# SPDX-License-Identifier: MIT
# The two-thread figures of docs/benchmarks.md, for an idle machine (builds nothing; about 4 to
# 6 minutes):
#   sh bench/two_threads.sh PATH/TO/grundy [RUNS]
# Each case runs RUNS times (default 3) with --threads 1 and --threads 2 alternating, and prints
# every run's wall and user CPU seconds, then the medians and the ratio of the wall medians:
#   - 0.6 to 2^21 (g(0..2097152)): values per second of wall time, 1 and 2 threads;
#   - grundy period 0.1777 --max-n 450000000 (443,139,470 values; target < 20 s wall on 2);
#   - grundy period 0.354 and grundy period 0.16.
# The answers must be the same for both thread counts: the script says so or stops.
set -eu
grundy=$1
runs=${2:-3}
if [ ! -x "$grundy" ]; then
    echo "two_threads.sh: $grundy is not an executable" >&2
    exit 2
fi
if [ ! -x /usr/bin/time ]; then
    echo "two_threads.sh: needs /usr/bin/time (Debian package time)" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# one NAME THREADS COMMAND...: run it, keep "wall user" in $tmp/NAME.THREADS and its output.
one() {
    name=$1
    threads=$2
    shift 2
    /usr/bin/time -f "%e %U" -o "$tmp/t" "$@" --threads "$threads" >"$tmp/out.$name.$threads"
    cat "$tmp/t" >>"$tmp/$name.$threads"
    echo "  $name --threads $threads: $(awk '{ printf "%s s wall, %s s user", $1, $2 }' "$tmp/t")"
}

# case NAME VALUES COMMAND...: RUNS alternating rounds, then the medians (VALUES: the values
# computed, for a rate; 0 for none).
case_() {
    name=$1
    values=$2
    shift 2
    echo "$name: $*"
    for r in $(seq "$runs"); do
        one "$name" 1 "$@"
        one "$name" 2 "$@"
    done
    if ! cmp -s "$tmp/out.$name.1" "$tmp/out.$name.2"; then
        echo "  DIFFERENT ANSWERS for 1 and 2 threads:" >&2
        cat "$tmp/out.$name.1" "$tmp/out.$name.2" >&2
        exit 1
    fi
    w1=$(cut -d' ' -f1 "$tmp/$name.1" | median)
    w2=$(cut -d' ' -f1 "$tmp/$name.2" | median)
    u1=$(cut -d' ' -f2 "$tmp/$name.1" | median)
    u2=$(cut -d' ' -f2 "$tmp/$name.2" | median)
    awk -v n="$name" -v w1="$w1" -v w2="$w2" -v u1="$u1" -v u2="$u2" -v v="$values" 'BEGIN {
        printf "  %s medians: 1 thread %.2f s wall (%.2f s user), 2 threads %.2f s wall (%.2f s user)", n, w1, u1, w2, u2
        if (w2 > 0) printf "; wall ratio %.2f", w1 / w2
        if (v > 0 && w1 > 0 && w2 > 0) printf "; %.0f and %.0f values/s of wall time", v / w1, v / w2
        printf "\n" }'
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u)"
echo "binary: $grundy ($("$grundy" version 2>/dev/null || echo unknown))"
case_ 0.6-2^21 2097153 "$grundy" values 0.6 --from 2097152 --to 2097152 --max-n 2097152
case_ 0.354 0 "$grundy" period 0.354
case_ 0.16 0 "$grundy" period 0.16
case_ 0.1777 443139470 "$grundy" period 0.1777 --max-n 450000000
echo "done: load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u)"
