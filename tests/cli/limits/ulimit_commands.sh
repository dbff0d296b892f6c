# Each main command under an address-space limit (ulimit -v) small enough to be hit
# exits 4 with one line saying "memory", never a crash or a signal. How far each got depends on
# the binary's footprint, so every number is written N. Not under ASan (tests/unit/tests.cmake).
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
limited() {
    (ulimit -v 30000; "$GRUNDY" "$@" >/dev/null 2>"$tmp/err")
    rc=$?
    sed 's/[0-9][0-9]*/N/g' "$tmp/err"
    echo "exit $rc"
}
S='S(10000000,10000002)'
limited values "$S" --to 100000000 --max-n 100000000 -q
limited value "$S" 100000000 --max-n 100000000 -q
limited count "$S" --to 100000000 --max-n 100000000 -q
limited period "$S" --max-n 100000000 -q
limited stats "$S" --to 100000000 --max-n 100000000 -q
limited play "$S" 100000000 3 --max-n 100000000
awk 'BEGIN { print "300000 600000"; for (i = 0; i < 600000; i++) print (i * 7919) % 300000, (i * 104729 + 13) % 300000 }' >"$tmp/graph"
limited graph --sg "$tmp/graph"
limited solve divisors 24
limited nim count --to 100 --multipliers 1000,1000
limited misere 0.3122 --max-heap 60 --max-quotient 1000000 --max-bytes 100000000000 -q
