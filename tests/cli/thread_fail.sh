#!/bin/sh
# SPDX-License-Identifier: MIT
# The grundy tool with a thread that cannot start (grundy_failthreads, tests/cli/failthreads.c):
# every user of the library's threads (the pool of the sequence engines, also under play, verify
# and a survey's codes, the barrier team of the retrograde core and of the solver's sweeps, the
# survey) reports it as out of memory, exit 4, instead of running on fewer threads
# (src/util/threads.h); without the fault, exit 0.
# Usage: thread_fail.sh GRUNDY_FAILTHREADS
set -u
bin=$1
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
printf '4 4\n0 1\n1 2\n2 3\n3 1\n' > "$tmp/g.txt"
bad=0
check() {
    for k in none 0 1; do
        if [ "$k" = none ]; then
            "$bin" "$@" >/dev/null 2>"$tmp/err"
            rc=$?
            want=0
        else
            GRUNDY_FAIL_THREAD=$k "$bin" "$@" >/dev/null 2>"$tmp/err"
            rc=$?
            want=4
        fi
        if [ $rc -ne $want ] || { [ $want -eq 4 ] && ! grep -q "out of memory" "$tmp/err"; }; then
            echo "thread_fail: grundy $* with start $k failed: exit $rc, want $want" >&2
            cat "$tmp/err" >&2
            bad=1
        fi
    done
    echo "grundy $*: exit 4 (out of memory) when start 0 or 1 fails"
}
check values 0.137 --to 100000 --threads 3
check graph "$tmp/g.txt" --threads 3
check solve divisors 13 --threads 3
check survey '0.1?' --max-n 512 --threads 3 -q
# play and verify compute their sequences on the threads (verify: its fast side only)
check play 0.137 300000 --max-n 300000 --threads 3 -q
check verify 0.6 --samples 20 --max-n 100000 --naive-to 100 --threads 3
# a class of one code: its sequence gets the threads, so the code is what fails, by its name
GRUNDY_FAIL_THREAD=0 "$bin" survey 0.6 --max-n 100000 --threads 3 -q >/dev/null 2>"$tmp/err"
if ! grep -q "^grundy survey: 0.6: out of memory" "$tmp/err"; then
    echo "thread_fail: a one-code survey on 3 threads did not start its sequence's threads:" >&2
    cat "$tmp/err" >&2
    bad=1
fi
exit $bad
