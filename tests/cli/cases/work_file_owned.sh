# A run owns its work files: a second run on the same --checkpoint, --spill or survey --out is
# refused at its start (exit 5) while the first runs; a spill file removed during the run stops
# it at the next checkpoint (exit 5), which could never be resumed without it.
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
"$GRUNDY" count 0.16 --to 30000000 --memory 131072 --spill sp --checkpoint cp -q > /dev/null 2>&1 &
pid=$!
i=0
while [ ! -s sp ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
"$GRUNDY" count 0.16 --to 30000000 --memory 131072 --spill sp2 --checkpoint cp -q
echo "exit $?"
"$GRUNDY" count 0.16 --to 30000000 --memory 131072 --spill sp --checkpoint cp2 -q
echo "exit $?"
kill -TERM $pid
wait $pid
echo "first run, stopped: exit $?"
"$GRUNDY" survey '0.??' --max-n 8192 --out s -q --threads 1 > /dev/null &
pid=$!
i=0
while [ ! -e s.lock ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
"$GRUNDY" survey '0.??' --max-n 8192 --out s -q
echo "exit $?"
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
rm -f cp sp
"$GRUNDY" count 0.16 --to 30000000 --memory 131072 --spill sp --checkpoint cp --checkpoint-every 1 \
    -q > /dev/null &
pid=$!
i=0
while [ ! -s sp ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
rm sp
wait $pid
echo "spill removed: exit $?"
# a killed run's lock file stays (its lock went with it): the next run takes it; no checkpoint
# was written beside a spill file that is gone
[ -e s.lock ] && echo "s.lock stays"
ls cp sp cp.lock sp.lock 2>/dev/null
