# A killed run's temporary file (FILE.tmp.PID, FILE.tmp.PID.XXXXXX, the process gone) is removed
# by the next write of FILE; a live process's, the user's FILE.tmp and other names stay.
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
for f in cp.tmp.2147483646 cp.tmp.2147483645.a1B2c3 cp.tmp.1 cp.tmp cp.tmp.12x cp.other.2147483646 \
    t.sv.tmp.2147483646.Zz9Zz9 s.tmp.2147483646.qwerty; do
    echo stale > "$f"
done
"$GRUNDY" count 0.07 --to 100 --checkpoint cp > /dev/null
"$GRUNDY" solve divisors 6 --save t.sv > /dev/null
"$GRUNDY" survey '0.?' --max-n 256 --out s -q > /dev/null
ls
