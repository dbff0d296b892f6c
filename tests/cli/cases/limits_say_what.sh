# Every refusal says what to raise and to what, and the value it names works.
"$GRUNDY" solve divisors 20 --max-bytes 1000000
echo "exit $?"
"$GRUNDY" solve divisors 20 --max-bytes 5505025
echo "exit $?"
"$GRUNDY" solve misere-piles 30000 30000
echo "exit $?"
"$GRUNDY" solve misere-piles 30 40 --max-bytes 5000
echo "exit $?"
"$GRUNDY" solve misere-piles 30 40 --max-bytes 6355
echo "exit $?"
printf '1 2\n3 4\n' | "$GRUNDY" solve misere-piles --input - --max-bytes 50
echo "exit $?"
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "          "; print "" }' | "$GRUNDY" solve mirror-board --max-bytes 5000
echo "exit $?"
"$GRUNDY" nim count --to 100 --multipliers 1000,1000,3
echo "exit $?"
"$GRUNDY" solve heaps 0.07 30 --max-bytes 100
echo "exit $?"
"$GRUNDY" solve heaps 0.07 30 --max-bytes 4043847
echo "exit $?"
"$GRUNDY" solve heaps 0.07 300 100
echo "exit $?"
