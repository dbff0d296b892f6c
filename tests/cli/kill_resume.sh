#!/bin/sh
# SPDX-License-Identifier: MIT
# Checkpoints survive kills: a run of `grundy values` with a checkpoint written at every chunk is
# killed with SIGKILL at random moments (until KILLS kills have hit it, seed printed;
# GRUNDY_TEST_SEED replays), resumed each time from whatever the kill left, and at the end its
# values and --save file are byte-identical to an uninterrupted run's. The same for `period` (doubling rounds). SIGINT and
# SIGTERM save and exit 130 and 143 with a resumable checkpoint; a damaged checkpoint is refused
# with exit 3.
# With --memory (and --spill), the same for `stats` and `values` of 0.167 in a sliding window.
#   kill_resume.sh GRUNDY
set -u
GRUNDY=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
KILLS=${KILLS:-20}
# Heaps of 0.6 computed (GRUNDY_KILL_HEAPS: smaller in the sanitizer build, 5-10x slower).
N=${GRUNDY_KILL_HEAPS:-100000}
seed=${GRUNDY_TEST_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
echo "kill_resume: seed $seed (GRUNDY_TEST_SEED=$seed replays)"
# tmpfs where there is one: a checkpoint at every chunk is fsynced, and a disk shared with other
# jobs made that most of the test's time.
if [ -w /dev/shm ]; then
    tmp=$(mktemp -d -p /dev/shm) || exit 5
else
    tmp=$(mktemp -d) || exit 5
fi
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 5
fail=0
fail() {
    echo "kill_resume (seed $seed): $*" >&2
    fail=1
}

# Sleep times in milliseconds, from the seed.
awk -v seed="$seed" -v n="$KILLS" 'BEGIN { srand(seed); for (i = 0; i < 20 * n; i++) print int(20 + rand() * 200) }' >delays
delay() { # the next delay, in seconds
    d=$(head -n 1 delays)
    sed -i 1d delays
    awk -v d="$d" 'BEGIN { printf "%.3f", d / 1000 }'
}

# $1: name, $2: kills, $3: the uninterrupted run's output; the rest: the command. Killed until
# $2 kills have hit a running computation (resumed from the checkpoint each time; a run that
# finishes first is compared with $3 and the next one starts afresh); then run to the end, with
# its output in $1.out.
kill_loop() {
    name=$1
    kills=$2
    ref=$3
    shift 3
    hit=0
    chains=1
    while [ $hit -lt "$kills" ]; do
        "$GRUNDY" "$@" --checkpoint "$name.ck" --checkpoint-every 0 -q >"$name.part" 2>"$name.err" &
        pid=$!
        sleep "$(delay)"
        kill -KILL $pid 2>/dev/null
        wait $pid 2>/dev/null
        rc=$?
        if [ $rc -eq 137 ]; then
            hit=$((hit + 1))
        elif [ $rc -eq 0 ] || [ $rc -eq 1 ]; then
            echo "exit $rc" >>"$name.part"
            cmp -s "$ref" "$name.part" || fail "$name: a resumed run's output differs"
            rm -f "$name.ck"
            chains=$((chains + 1))
        else
            fail "$name: a run exited $rc: $(cat "$name.err")"
            return
        fi
    done
    "$GRUNDY" "$@" --checkpoint "$name.ck" -q >"$name.out" 2>"$name.err"
    echo "exit $?" >>"$name.out"
    echo "kill_resume: $name: $hit SIGKILLs hit a running computation ($chains chains of resumed runs)"
}

# values: byte-identical output and sequence file.
"$GRUNDY" values 0.6 --to $N --max-n $N --save ref.seq --checkpoint ref.ck >ref.out
echo "exit $?" >>ref.out
kill_loop values "$KILLS" ref.out values 0.6 --to $N --max-n $N --save values.seq
cmp -s ref.out values.out || fail "values: the resumed output differs from the uninterrupted one"
cmp -s ref.seq values.seq || fail "values: the resumed --save file differs"
cmp -s ref.ck values.ck || fail "values: the final checkpoint differs from an uninterrupted run's"

# period: the doubling rounds resumed give the same answer, values_computed included.
"$GRUNDY" period 0.6 --max-n $N --json >ref_period.out 2>/dev/null
echo "exit $?" >>ref_period.out
kill_loop period $((KILLS / 2)) ref_period.out period 0.6 --max-n $N --json
cmp -s ref_period.out period.out || fail "period: the resumed answer differs: $(cat period.out)"

# SIGINT and SIGTERM: 130 and 143 and a checkpoint written at the stop: the heap the message
# names is the one a resumed run starts at, and the values it holds are those computed afresh.
# The signal goes as soon as the first checkpoint shows the computation under way (towards a
# far bound, so that it is still running).
big=$((50 * N))
for sig in INT TERM; do
    rm -f "$sig.ck"
    "$GRUNDY" values 0.6 --to $big --max-n $big --checkpoint "$sig.ck" --checkpoint-every 0 >/dev/null 2>"$sig.err" &
    pid=$!
    tries=0
    while [ ! -f "$sig.ck" ] && [ $tries -lt 1000 ]; do
        sleep 0.01
        tries=$((tries + 1))
    done
    kill -$sig $pid
    wait $pid
    rc=$?
    want=130
    [ $sig = TERM ] && want=143
    [ $rc -eq $want ] || fail "SIG$sig: exit $rc, expected $want"
    stopped=$(sed -n "s/.*interrupted by SIG$sig at heap \([0-9]*\) of 0.6: checkpoint $sig.ck holds.*/\1/p" "$sig.err")
    if [ -z "$stopped" ]; then
        fail "SIG$sig: no word on where it stopped: $(cat "$sig.err")"
        continue
    fi
    last=$((stopped - 1))
    "$GRUNDY" values 0.6 --to $last --max-n $last -q >"$sig.fresh"
    "$GRUNDY" values 0.6 --to $last --max-n 0 --checkpoint "$sig.ck" >"$sig.out" 2>"$sig.err"
    grep -q "resuming 0.6 from checkpoint $sig.ck at heap $stopped\$" "$sig.err" ||
        fail "SIG$sig: stopped at heap $stopped, resumed: $(cat "$sig.err")"
    cmp -s "$sig.fresh" "$sig.out" || fail "SIG$sig: the checkpoint's values differ"
done

# A damaged checkpoint is refused (exit 3), never resumed.
head -c $(($(wc -c <INT.ck) - 1)) INT.ck >cut.ck
"$GRUNDY" values 0.6 --to 10 --checkpoint cut.ck >/dev/null 2>cut.err
[ $? -eq 3 ] || fail "a truncated checkpoint was not refused with exit 3"
grep -q truncated cut.err || fail "a truncated checkpoint: $(cat cut.err)"

# --memory: the checkpoint of a windowed run holds the prefix, the window, the
# engine's state and what the command accumulated (stats' frequencies); with --spill, the spill
# file's table too (the file stays beside it). Killed, resumed: the same output as a run never
# stopped, with the same --memory. The bound is small, so that the window slides many times.
MEM=300000
MN=${GRUNDY_KILL_MEMORY_HEAPS:-1000000}
"$GRUNDY" stats 0.167 --to $MN --memory $MEM --freq >ref_stats.out
echo "exit $?" >>ref_stats.out
"$GRUNDY" stats 0.167 --to $MN --freq >full_stats.out
echo "exit $?" >>full_stats.out
cmp -s ref_stats.out full_stats.out || fail "stats: --memory $MEM gives other statistics"
kill_loop mstats "$KILLS" ref_stats.out stats 0.167 --to $MN --memory $MEM --freq
cmp -s ref_stats.out mstats.out || fail "stats --memory: the resumed output differs: $(cat mstats.out)"
"$GRUNDY" values 0.167 --to $MN --memory $MEM --spill ref.sp >ref_mvalues.out
echo "exit $?" >>ref_mvalues.out
kill_loop mvalues "$KILLS" ref_mvalues.out values 0.167 --to $MN --memory $MEM --spill mvalues.sp
cmp -s ref_mvalues.out mvalues.out || fail "values --memory --spill: the resumed output differs"
[ -f mvalues.sp ] || fail "values --memory --spill: the spill file the checkpoint refers to is gone"

# SIGINT and SIGTERM with --memory: 130 and 143, then the resumed run ends as the uninterrupted.
for sig in INT TERM; do
    rm -f "m$sig.ck" "m$sig.sp"
    "$GRUNDY" values 0.167 --to $MN --memory $MEM --spill "m$sig.sp" --checkpoint "m$sig.ck" --checkpoint-every 0 >/dev/null 2>"m$sig.err" &
    pid=$!
    tries=0
    while [ ! -f "m$sig.ck" ] && [ $tries -lt 1000 ]; do
        sleep 0.01
        tries=$((tries + 1))
    done
    kill -$sig $pid
    wait $pid
    rc=$?
    want=130
    [ $sig = TERM ] && want=143
    if [ $rc -eq 0 ]; then
        echo "kill_resume: --memory SIG$sig came after the end (a fast machine): not tested"
        continue
    fi
    [ $rc -eq $want ] || fail "--memory SIG$sig: exit $rc, expected $want: $(cat "m$sig.err")"
    grep -q "interrupted by SIG$sig at heap" "m$sig.err" || fail "--memory SIG$sig: $(cat "m$sig.err")"
    "$GRUNDY" values 0.167 --to $MN --memory $MEM --spill "m$sig.sp" --checkpoint "m$sig.ck" -q >"m$sig.out"
    echo "exit $?" >>"m$sig.out"
    cmp -s ref_mvalues.out "m$sig.out" || fail "--memory SIG$sig: the resumed values differ"
done

# Windowed checkpoints that do not match are refused with exit 3 and the check that failed.
refused() { # $1: what the message must say; the rest: the command
    want=$1
    shift
    "$GRUNDY" "$@" -q >/dev/null 2>refused.err
    rc=$?
    [ $rc -eq 3 ] || fail "exit $rc, not 3, for: $* ($(cat refused.err))"
    grep -q "$want" refused.err || fail "'$want' not said for: $*: $(cat refused.err)"
}
ck=mstats.ck
size=$(wc -c <$ck)
head -c $((size / 2)) $ck >mcut.ck
refused truncated stats 0.167 --to $MN --memory $MEM --checkpoint mcut.ck
cp $ck mflip.ck
printf '\377' | dd of=mflip.ck bs=1 seek=$((size / 3)) conv=notrunc 2>/dev/null
refused "checksum does not match" stats 0.167 --to $MN --memory $MEM --checkpoint mflip.ck
cp $ck mother.ck
refused "another rule" stats 0.6 --to $MN --memory $MEM --checkpoint mother.ck
refused "made with --memory $MEM, not 400000" stats 0.167 --to $MN --memory 400000 --checkpoint mother.ck
refused "made by another command" count 0.167 --to $MN --memory $MEM --checkpoint mother.ck
refused "made with --spill" stats 0.167 --to $MN --memory $MEM --checkpoint mINT.ck
cp mINT.ck mspill.ck
cp mINT.sp mspill.sp
refused "another run's" values 0.167 --to $MN --memory $MEM --spill mTERM.sp --checkpoint mspill.ck
printf '\377' | dd of=mspill.sp bs=1 seek=5000 conv=notrunc 2>/dev/null
refused "does not match the checkpoint" values 0.167 --to $MN --memory $MEM --spill mspill.sp --checkpoint mspill.ck
cp mINT.sp mspill.sp
head -c 6000 mINT.sp >mspill.sp
refused "shorter than the checkpoint" values 0.167 --to $MN --memory $MEM --spill mspill.sp --checkpoint mspill.ck

[ $fail -eq 0 ] && echo "kill_resume: ok"
exit $fail
