#!/bin/sh
# SPDX-License-Identifier: MIT
# The sparse engine's paths (one heap, batch, block, pipeline) timed side by side for two grundy
# binaries, alternating in one loop so that the load of a shared machine hits both alike. Usage:
#   sh bench/sparse_paths.sh OLD_GRUNDY NEW_GRUNDY [ROUNDS]
# Prints one line per run: "case<TAB>binary<TAB>user s<TAB>wall s" (/usr/bin/time -f '%U %e'),
# then per case the medians and the ratio new/base of user CPU and wall.
set -eu
old=$1
new=$2
rounds=${3:-3}
out=$(mktemp)
tf=$(mktemp)
trap 'rm -f "$out" "$tf"' EXIT
run() { # name binary args...
    name=$1
    bin=$2
    shift 2
    /usr/bin/time -f '%U %e' -o "$tf" "$bin" "$@" >/dev/null 2>&1 || true
    set -- $(tail -1 "$tf")
    printf '%s\t%s\t%s\t%s\n' "$name" "$bin" "$1" "$2" | tee -a "$out"
}
both() { # name args...: the base binary, then the new one
    name=$1
    shift
    run "$name" "$old" "$@"
    run "$name" "$new" "$@"
}
n=4194304
for r in $(seq "$rounds"); do
    both "values 0.6 2^22 t1" values 0.6 --from $n --to $n --max-n $n --threads 1
    both "values 0.6 2^22 t2" values 0.6 --from $n --to $n --max-n $n --threads 2
    both "values 4!.0 2^22 t1" values '4!.0' --from $n --to $n --max-n $n --threads 1
    both "period 0.1777 6e7 t1" period 0.1777 --max-n 60000000 --threads 1
    both "period 0.354 t1" period 0.354 --threads 1
    both "period 0.354 t2" period 0.354 --threads 2
done
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "case	base user	new user	ratio	base wall	new wall	ratio"
cut -f1 "$out" | awk '!seen[$0]++' | while IFS= read -r c; do
    bu=$(awk -F'\t' -v c="$c" -v b="$old" '$1 == c && $2 == b {print $3}' "$out" | median)
    nu=$(awk -F'\t' -v c="$c" -v b="$new" '$1 == c && $2 == b {print $3}' "$out" | median)
    bw=$(awk -F'\t' -v c="$c" -v b="$old" '$1 == c && $2 == b {print $4}' "$out" | median)
    nw=$(awk -F'\t' -v c="$c" -v b="$new" '$1 == c && $2 == b {print $4}' "$out" | median)
    printf '%s\t%s\t%s\t%.2f\t%s\t%s\t%.2f\n' "$c" "$bu" "$nu" "$(echo "$nu / $bu" | bc -l)" \
        "$bw" "$nw" "$(echo "$nw / $bw" | bc -l)"
done
