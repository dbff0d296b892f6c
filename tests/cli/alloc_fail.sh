#!/bin/sh
# SPDX-License-Identifier: MIT
# The grundy tool with its k-th allocation failed, for every k of each command below
# (grundy_failalloc, tests/cli/failalloc.c): every run ends with exit 0 and the normal output
# (the failure absorbed), or exit 4 with one line on stderr that says so; never a crash (a signal,
# exit >= 128), another code, or silence. Usage: alloc_fail.sh GRUNDY_FAILALLOC
set -u
bin=$1
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
printf '3 3\n0 1\n1 2\n2 0\n' > "$tmp/g.txt"
printf '1 2 3\n4 5\n' > "$tmp/heaps.txt"
bad=0
runs=0
# The survey's last column is the CPU seconds a code took: it varies from run to run (0.00 or
# 0.01 on a loaded machine), so it is blanked before outputs are compared.
untimed() {
    sed 's/| [0-9]*\.[0-9]* |$/| - |/' "$1"
}
# A command that writes a file (plot, graph --plot) names it in $picture: the file, or its
# absence, is compared as part of the output, so that a picture drawn short is caught. A command
# that reads standard input names its file in $input.
picture=
input=
# One run of the tool on "$@" (the fault GRUNDY_FAIL_ALLOC says, if exported): its exit in $rc,
# its output (and picture), untimed, in $1, its stderr in $1.err.
capture() {
    dest=$1
    shift
    [ -z "$picture" ] || rm -f "$picture"
    "$bin" "$@" < "${input:-/dev/null}" > "$tmp/raw" 2> "$dest.err"
    rc=$?
    if [ -n "$picture" ]; then
        if [ -f "$picture" ]; then cat "$picture" >> "$tmp/raw"; else echo "(no $picture)" >> "$tmp/raw"; fi
    fi
    untimed "$tmp/raw" > "$dest"
}
check() {
    capture "$tmp/want" "$@"
    want_rc=$rc
    k=0
    while :; do
        GRUNDY_FAIL_ALLOC=$k
        export GRUNDY_FAIL_ALLOC
        capture "$tmp/out" "$@"
        unset GRUNDY_FAIL_ALLOC
        runs=$((runs + 1))
        if grep -q '^failalloc: not reached' "$tmp/out.err"; then
            break
        fi
        lines=$(wc -l < "$tmp/out.err")
        if [ $rc -eq "$want_rc" ] && cmp -s "$tmp/out" "$tmp/want"; then
            :
        elif [ $rc -eq 4 ] && [ "$lines" -eq 1 ] && grep -q 'memory' "$tmp/out.err"; then
            :
        else
            echo "FAIL: grundy $* with allocation $k failed: exit $rc, stderr:" >&2
            cat "$tmp/out.err" >&2
            bad=$((bad + 1))
        fi
        k=$((k + 1))
    done
    echo "grundy $*: $k allocations, each failed in turn"
}
check rule 0.07 --json
check values 0.6 --to 200
check period 0.07
check period kayles --table --json
check value kayles 1000000000000
check count 0.07 --to 5000
check play 0.07 10 20 30 --json
check play 0.07 --input "$tmp/heaps.txt"
check play kayles 3 4 5 --misere
check graph "$tmp/g.txt" --sg
check solve divisors 6 --json
check solve heaps 0.07 3 4
check misere 0.75 --max-heap 12 -q
check play 0.75 5 7 9 --misere -q
# a tame quotient (T2, order 6): its tameness test allocates (it printed "not tame" when that failed)
check misere 0.33 --max-heap 12 -q
# six move classes, so that each "has this heap a move?" allocates (a failure made a heap dead)
check misere 0.1234567 --genus --max-heap 3
check survey '0.1?' --max-n 1000 --threads 1 -q
# a class with groups of equal sequences (the counts in the last line come from the groups)
check survey '4.?' --max-n 1000 --threads 1 -q
# pictures: a bucketed sequence plot (more heaps than pixels), the frequencies, a graph
picture=$tmp/p.svg
check plot 0.07 --to 3000 -o "$picture"
check plot 0.07 --to 300 --freq -o "$picture"
check plot kayles --table -o "$picture"
picture=$tmp/g.svg
check graph "$tmp/g.txt" --plot "$picture"
picture=
# standard input: the two board readers; a board large enough that its buffer grows
input=$tmp/board.txt
printf '4 2\n1 1\n4 4\n' > "$input"
check solve mirror-board
# 1,500 cells in symmetric pairs (r, c) and (61 - r, 61 - c), sorted: some 12 KB to read
awk 'BEGIN { print "60 1500"; for (i = 0; i < 750; i++) print 1 + int(i / 60), 1 + i % 60;
             for (i = 749; i >= 0; i--) print 60 - int(i / 60), 60 - i % 60 }' > "$input"
check solve mirror-board --json
printf '3 1 1 1\n2 5 1 7\n' > "$input"
check solve left-stack
input=
printf '6\n10\n' > "$tmp/div.txt"
check solve divisors --input "$tmp/div.txt"
echo "$runs runs, $bad failures"
[ $bad -eq 0 ]
