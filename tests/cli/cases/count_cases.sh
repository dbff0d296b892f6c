# grundy count: Project Euler 306 (852938 winning lengths up to 10^6; the statement's 3 and 40),
# counts up to 10^18 and 2^63 - 1, and the bad inputs.
"$GRUNDY" count 0.07 --from 1 --to 1000000
echo "exit $?"
"$GRUNDY" count 0.07 --from 1 --to 5
echo "exit $?"
"$GRUNDY" count 0.07 --from 1 --to 50 --json
echo "exit $?"
"$GRUNDY" count 0.07 --from 1 --to 1000000000000000000 --json
echo "exit $?"
"$GRUNDY" count 'S(1-1000000000000000000)' --to 9223372036854775807
echo "exit $?"
"$GRUNDY" count grundy-game --to 20
echo "exit $?"
"$GRUNDY" count grundy-game --to 1000000000000000000
echo "exit $?"
"$GRUNDY" count 0.07 --from 6 --to 5
echo "exit $?"
"$GRUNDY" count 0.07 --from 1
echo "exit $?"
