# --memory: under `ulimit -v` g(0..12000000) of 0.167 does not fit with every value
# kept (12 MB), and fits with --memory 3000000: a prefix and a window behind the current heap.
# The binary's own footprint (libcairo linked or not) sets the room, so the limit is found first:
# the smallest, in steps of 1000 KiB, under which a run of 10^5 values finishes, plus 6000 KiB.
# Release only, as ulimit_period (tests/unit/tests.cmake).
base=2000
until (ulimit -v $base; "$GRUNDY" stats 0.167 --to 100000 --threads 1 -q >/dev/null 2>&1); do
    base=$((base + 1000))
    [ $base -le 200000 ] || { echo "no limit under 200000 KiB runs 10^5 values" >&2; exit 1; }
done
limit=$((base + 6000))
(ulimit -v $limit; "$GRUNDY" stats 0.167 --to 12000000 --threads 1 -q >/dev/null 2>&1)
echo "every value kept: exit $?"
(ulimit -v $limit; "$GRUNDY" stats 0.167 --to 12000000 --threads 1 -q --memory 3000000)
echo "--memory 3000000: exit $?"
