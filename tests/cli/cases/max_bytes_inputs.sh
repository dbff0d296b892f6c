# The inputs that allocate in proportion to their size take --max-bytes: the --input
# queries of value and count (the text and 208 bytes a query), one play --input line (5 bytes a
# character), and play's misere search; exceeding it is exit 4 with what to raise it to.
seq 1 10000 | "$GRUNDY" count 0.07 --input - --max-bytes 1000000
echo "exit $?"
seq 1 10000 | "$GRUNDY" count 0.07 --input - --max-bytes 4000000 | tail -n 1
echo "exit $?"
seq 1 100000 | "$GRUNDY" value 0.07 --input - --max-bytes 100000
echo "exit $?"
seq 1 3 | "$GRUNDY" value 0.07 --input - --max-bytes 100000
echo "exit $?"
"$GRUNDY" value 0.07 5 --max-bytes 100
echo "exit $?"
seq 1 3 | "$GRUNDY" value 0.07 --input - --max-bytes 10x
echo "exit $?"
seq 1 3 | "$GRUNDY" value 0.07 --input - --max-bytes 99999999999999999999
echo "exit $?"
awk 'BEGIN { print "1 2 3"; for (i = 1; i <= 3000; i++) printf "%d ", i; print "" }' |
    "$GRUNDY" play 0.07 --input - --max-bytes 10000
echo "exit $?"
awk 'BEGIN { print "1 2 3"; for (i = 1; i <= 3000; i++) printf "%d ", i; print "" }' |
    "$GRUNDY" play 0.07 --input - --max-bytes 69470
echo "exit $?"
"$GRUNDY" play 0.07 30 31 32 33 --misere --max-bytes 100000
echo "exit $?"
