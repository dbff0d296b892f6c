#!/bin/sh
# SPDX-License-Identifier: MIT
# Run one libFuzzer target on its corpus, niced and in one process, then merge what it found
# into fuzz/corpus/NAME (minimized: -merge=1 keeps only inputs that add coverage).
#   [TIMEOUT=S] [RUNS=N] [CPU=S] sh scripts/fuzz-run.sh NAME [SECS [MAX_LEN]]   (build first: docs/reliability.md)
# RUNS stops after N executions (libFuzzer's -runs), whichever of SECS and N comes first.
# CPU stops it (SIGINT: libFuzzer prints its stats, exit 72) after that many seconds of user CPU,
# which is what "an hour" of fuzzing means on a shared machine where wall time is not a core.
# The log (with libFuzzer's final stats: executions, exec/s, cov, ft) is build/fuzz/NAME.log; the
# script prints the CPU the fuzzer used after libFuzzer's stats.
set -eu
name=$1
secs=${2:-300}
max_len=${3:-4096}
timeout=${TIMEOUT:-10} # seconds of wall time per input: raise it on a loaded machine
bin=build/fuzz/fuzz/fuzz_$name
corpus=fuzz/corpus/$name
work=build/fuzz/work/$name
[ -x "$bin" ] || { echo "fuzz-run: no $bin (build the fuzz tree first)" >&2; exit 2; }
mkdir -p "$work" "$corpus"
log=build/fuzz/$name.log
rc=0
# In its own session, whose autogroup is niced too: with sched_autogroup_enabled (Debian's
# default) nice ranks a process only within its session, and a niced fuzzer started from another
# shell took an equal share of the CPU beside a benchmark (sixth session).
setsid sh -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 "$0" "$@"' \
    "$bin" -fork=0 -max_total_time="$secs" -max_len="$max_len" -timeout="$timeout" \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build/fuzz/$name-" ${RUNS:+-runs="$RUNS"} \
    "$work" "$corpus" >"$log" 2>&1 &
pid=$!
# utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (the command name, field
# 2, has no spaces), all threads together; sampled every 5 s, so the last sample is what the run
# used to within 5 s (a run that stops on its own, at RUNS or a finding, is not read at its end).
tick=$(getconf CLK_TCK)
user=0
sys=0
while kill -0 "$pid" 2>/dev/null; do
    sample=$(cut -d' ' -f14,15 "/proc/$pid/stat" 2>/dev/null) || break
    user=${sample% *}
    sys=${sample#* }
    if [ -n "${CPU:-}" ] && [ "$user" -ge $((CPU * tick)) ]; then
        kill -INT "$pid"
        break
    fi
    sleep 5
done
wait "$pid" || rc=$?
grep -E 'INITED|DONE|stat::number_of_executed_units|stat::average_exec_per_sec|SUMMARY' "$log" || true
echo "fuzz-run: $name used at least $((user / tick)) s of user CPU and $((sys / tick)) s of system time"
# Merge: the inputs of work that add coverage to the corpus, into the corpus. MERGE=0 copies
# them instead, for a slow target whose merge replays the whole corpus (play: minutes).
if [ "${MERGE:-1}" = 0 ]; then
    cp -n "$work"/* "$corpus"/ 2>/dev/null || true
else
    nice -n 19 "$bin" -merge=1 -max_len="$max_len" -timeout="$timeout" -rss_limit_mb=2048 \
        -artifact_prefix="build/fuzz/$name-merge-" \
        "$corpus" "$work" >"build/fuzz/$name.merge.log" 2>&1 || true
    grep -E 'MERGE-OUTER: [0-9]+ new files' "build/fuzz/$name.merge.log" || true
fi
echo "fuzz-run: $name corpus $(ls "$corpus" | wc -l) files, exit $rc"
exit $rc
