#!/bin/sh
# --threads N on graph and solve: the same answers for 1, 2 and 3 threads; bad values are exit 3.
for t in 1 2 3; do
    printf '8 9\n0 1\n1 2\n2 3\n4 5\n5 4\n5 3\n6 6\n6 3\n7 3\n' | "$GRUNDY" graph --remoteness --threads $t
    "$GRUNDY" solve divisors 9 --json --threads $t
    "$GRUNDY" solve misere-piles 7 5 --json --threads $t
done
"$GRUNDY" solve divisors 5 --threads 0
echo "exit $?"
"$GRUNDY" graph --threads 2000 </dev/null
echo "exit $?"
"$GRUNDY" solve divisors 5 --threads x
echo "exit $?"
"$GRUNDY" solve divisors 5 --threads
echo "exit $?"
