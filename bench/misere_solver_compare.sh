#!/bin/sh
# SPDX-License-Identifier: MIT
# The misere quotient of four octal games to a heap, by two grundy binaries (before and after a
# change) and optionally by Siegel's MisereSolver (CGSuite), alternating the three, RUNS runs each;
# prints per run and then the median of user CPU seconds, wall seconds and peak RSS (KiB) as a
# markdown table. Runs past LIMIT seconds are cut and reported as "> LIMIT s".
#   misere_solver_compare.sh BEFORE AFTER [MISERESOLVER_CMD]
#   MISERESOLVER_CMD is a command taking CODE HEAP (e.g. "java -cp classes ...Bench"); CGSuite's
#   code is built outside this repository and never committed.
# Environment: RUNS (3), LIMIT (120), CASES ("0.667:600 0.77:253 0.07:33 0.137:32"), TOOLS (the
# tools to run, of "before after solver": all that were given).
set -u
if [ $# -lt 2 ]; then
    echo "usage: misere_solver_compare.sh BEFORE AFTER [MISERESOLVER_CMD]" >&2
    exit 2
fi
before=$1
after=$2
solver=${3:-}
runs=${RUNS:-3}
limit=${LIMIT:-120}
cases=${CASES:-"0.667:600 0.77:253 0.07:33 0.137:32"}
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT

# one run: "user wall rss" (user and wall prefixed by ">" when cut at the limit)
measure() {
    /usr/bin/time -f '%U %e %M' -o "$tmp/time" timeout "$limit" "$@" >"$tmp/out" 2>/dev/null
    rc=$?
    # the last line: time writes "Command exited with non-zero status N" before it
    read -r u w m <<EOF
$(tail -n 1 "$tmp/time")
EOF
    if [ $rc -eq 124 ]; then
        echo ">$u >$w $m"
    else
        echo "$u $w $m"
    fi
}

median() { # the middle of the numbers on stdin (">" kept when the middle one was cut)
    sort -t'>' -k2 -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }'
}

tool_cmd() {
    case $1 in
    before) echo "$before misere $2 --max-heap $3" ;;
    after) echo "$after misere $2 --max-heap $3" ;;
    solver) echo "$solver $2 $3" ;;
    esac
}

tools="before after"
[ -n "$solver" ] && tools="before after solver"
tools=${TOOLS:-$tools}
for c in $cases; do
    code=${c%%:*}
    heap=${c#*:}
    for r in $(seq 1 "$runs"); do
        for t in $tools; do
            # shellcheck disable=SC2046
            line=$(measure $(tool_cmd "$t" "$code" "$heap"))
            echo "$code $heap $t $line" >>"$tmp/runs"
            echo "run $r: $code to heap $heap, $t: $line (user s, wall s, peak KiB)"
            case $t in
            after) grep -E '^order' "$tmp/out" | sed "s/^/    /" ;;
            solver) tail -1 "$tmp/out" | sed "s/^/    /" ;;
            esac
        done
    done
done

echo
echo "| code | heap | tool | user s | wall s | peak RSS MiB |"
echo "|---|---|---|---|---|---|"
for c in $cases; do
    code=${c%%:*}
    heap=${c#*:}
    for t in $tools; do
        sel() { awk -v c="$code" -v h="$heap" -v t="$t" -v f="$1" '$1 == c && $2 == h && $3 == t { print $f }' "$tmp/runs"; }
        u=$(sel 4 | median)
        w=$(sel 5 | median)
        m=$(sel 6 | median)
        mib=$(awk -v k="$m" 'BEGIN { printf "%.1f", k / 1024 }')
        case $w in # cut at the limit: the CPU it had by then, the memory it had reached
        '>'*)
            w="> $limit"
            u="> ${u#>}"
            mib=">= $mib"
            ;;
        esac
        echo "| $code | $heap | $t | $u | $w | $mib |"
    done
done
