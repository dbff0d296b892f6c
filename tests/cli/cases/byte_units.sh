# --memory and --max-bytes take K, M, G and T (powers of 1024, any case, optionally "iB"): the
# same answer as the byte count written out, and one line for a count that is malformed or too
# large.
a=$("$GRUNDY" stats 0.167 --to 100000 --memory 1M -q)
b=$("$GRUNDY" stats 0.167 --to 100000 --memory 1048576 -q)
[ "$a" = "$b" ] && echo "1M is 1048576"
"$GRUNDY" stats 0.167 --to 100000 --memory 64k -q 2>&1 | sed 's/at least [0-9]*/at least N/'
"$GRUNDY" stats 0.167 --to 100000 --memory 65536 -q 2>&1 | sed 's/at least [0-9]*/at least N/'
"$GRUNDY" solve cram 3 4 --max-bytes 64MiB --json | grep -o '"value":[0-9]*'
"$GRUNDY" solve cram 3 4 --max-bytes 1g
for bad in 16MB 1.5G "" -3 " 4M" 8388608T 99999999999999999999K; do
    "$GRUNDY" stats 0.167 --to 10 --memory "$bad"
    echo "exit $?"
done
"$GRUNDY" solve cram 3 4 --max-bytes 4X
echo "exit $?"
