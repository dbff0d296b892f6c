# Every command writing to a full device (> /dev/full) exits 5 with one line, never 0 (help and
# version did); play --input stops at the first failed write instead of computing every line.
printf '2 1\n0 1\n' > t.txt
for args in help --help -h version --version "help play" "rule 0.07" "rule 0.07 --json" \
    "values 0.07 --to 100" "period 0.07" "period 0.07 --json" "value 0.07 1000000" \
    "count 0.07 --to 99" "play 0.07 1 2 3" "play 0.07 1 2 3 --json" "verify nim --samples 2" \
    "verify nim --samples 2 --json" "graph t.txt" "graph t.txt --sg --json" "solve divisors 4" \
    "solve pick 1 2 3 --json" "solve misere-piles 3 4" "solve heaps 0.07 5 6" \
    "solve left-stack 2 3 4 5" "play --help" "solve --help"; do
    # shellcheck disable=SC2086
    "$GRUNDY" $args > /dev/full
    echo "$args: exit $?"
done
printf '3 2\n1 1\n3 3\n' | "$GRUNDY" solve mirror-board > /dev/full
echo "mirror-board: exit $?"
printf '2 3 4 5\n' | "$GRUNDY" solve left-stack > /dev/full
echo "left-stack stdin: exit $?"
yes '1 2' 2>/dev/null | head -n 200000 2>/dev/null | "$GRUNDY" play 0.07 --input - > /dev/full
echo "play --input: exit $?"
rm -f t.txt
