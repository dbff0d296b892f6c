# Out of memory under `ulimit -v`: exit 4 with how far the computation got and what to raise to
# what, never a crash; the advice holds (twice the limit finishes). Where it stops depends on the
# binary's footprint, so the two counts are written N. Not run under ASan, whose shadow memory
# cannot live in a small address space (tests/unit/tests.cmake).
(ulimit -v 30000; "$GRUNDY" period 'S(10000000,10000002)' --max-n 100000000) 2>&1 |
    sed 's/g(0\.\.[0-9]*)/g(0..N)/; s/below [0-9]*$/below N/'
(ulimit -v 30000; "$GRUNDY" period 'S(10000000,10000002)' --max-n 100000000 2>/dev/null)
echo "exit $?"
(ulimit -v 60000; "$GRUNDY" period 'S(10000000,10000002)' --max-n 100000000)
echo "exit $?"
