# Batches (--input, --format lines|seed): count, value, solve divisors/misere-piles/pick, play;
# the seeds' own inputs with their count lines; the notes on a count line read as a query; errors.
printf '0\n1\n4\n12\n' | "$GRUNDY" count 'S(2,5)' --input - --json
echo "exit $?"
printf '4\n0 1 4 12\n' | "$GRUNDY" count 'S(2,5)' --input - --format seed --json
echo "exit $?"
printf '# heaps\n5\n\n1000000000000000000\n' | "$GRUNDY" value 0.07 --input -
echo "exit $?"
printf '3\n1\n2\n3\n' | "$GRUNDY" solve divisors --input - --format seed
echo "exit $?"
printf '3\n1\n2\n3\n' | "$GRUNDY" solve divisors --input -
echo "exit $?"
printf '1\n10\n' | "$GRUNDY" solve divisors --input - --json
echo "exit $?"
printf '3\n1 1\n2 0\n3 4\n' | "$GRUNDY" solve misere-piles --input - --format seed
echo "exit $?"
printf '3\n1 1\n2 0\n3 4\n' | "$GRUNDY" solve misere-piles --input -
echo "exit $?"
printf '1 1\n3 4\n' | "$GRUNDY" solve misere-piles --input - --json
echo "exit $?"
printf '3\n1 5 2\n' | "$GRUNDY" solve pick --input - --format seed
echo "exit $?"
printf '1 5 2\n1 2 3 4\n' | "$GRUNDY" solve pick --input - --json
echo "exit $?"
"$GRUNDY" solve pick 3 1 5 2
echo "exit $?"
printf '2\n1 1\n' | "$GRUNDY" play nim --misere --input -
echo "exit $?"
printf '2\n1 1\n' | "$GRUNDY" play nim --misere --input - --format seed
echo "exit $?"
printf '2\n1 1 3\n2 1\n' | "$GRUNDY" play nim --input - --format seed
echo "exit $?"
printf '5\nx\n' | "$GRUNDY" value 0.07 --input -
echo "exit $?"
printf '5 3\n' | "$GRUNDY" count 0.07 --input -
echo "exit $?"
printf '3\n1\n' | "$GRUNDY" count 0.07 --input - --format seed
echo "exit $?"
printf '1 2 3\n' | "$GRUNDY" count 0.07 --input -
echo "exit $?"
printf '31\n' | "$GRUNDY" solve divisors --input -
echo "exit $?"
"$GRUNDY" count 0.07 --to 5 --input /nonexistent
echo "exit $?"
"$GRUNDY" count 0.07 --input /nonexistent
echo "exit $?"
"$GRUNDY" solve divisors 3 --input -
echo "exit $?"
"$GRUNDY" solve heaps 0.07 3 --input -
echo "exit $?"
printf '1\n' | "$GRUNDY" count 0.07 --input - --format csv
echo "exit $?"
