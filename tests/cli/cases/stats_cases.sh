# grundy stats: the largest value and where, the rare/common mask, the rare heaps, --freq and
# --json; the naive and sparse engines agree; --to past --max-n is exit 4.
"$GRUNDY" stats kayles --to 100 --freq
"$GRUNDY" stats 0.16 --to 50000 --json
"$GRUNDY" stats 0.127 --to 3000 --json --freq | cut -c1-200
a=$("$GRUNDY" stats 0.6 --to 5000 --freq --engine naive)
b=$("$GRUNDY" stats 0.6 --to 5000 --freq --engine sparse)
[ "$a" = "$b" ] && echo "0.6: naive and sparse agree"
"$GRUNDY" stats "S(1,3,4)" --to 30
"$GRUNDY" stats nim --to 0 --json
"$GRUNDY" stats 0.07 --to 100 --max-n 50
echo "exit $?"
"$GRUNDY" stats 0.07
echo "exit $?"
