# --memory (issue 13): under `ulimit -v 16000` (KiB) g(0..12000000) of 0.167 does not fit with
# every value kept (12 MB), and fits with --memory 3000000: a prefix and a window behind the
# current heap. Release only, as ulimit_period (tests/unit/tests.cmake).
(ulimit -v 16000; "$GRUNDY" stats 0.167 --to 12000000 --threads 1 -q >/dev/null 2>&1)
echo "every value kept: exit $?"
(ulimit -v 16000; "$GRUNDY" stats 0.167 --to 12000000 --threads 1 -q --memory 3000000)
echo "--memory 3000000: exit $?"
