# --threads on every sequence command: the answers never depend on it; 0, a non-number and
# more than 1024 are refused (exit 3).
for t in 1 2 3; do
    "$GRUNDY" values 0.6 --from 2990 --to 3000 --threads $t
    "$GRUNDY" values 0.D3 --from 290 --to 300 --threads $t
    "$GRUNDY" value 4!.0 5000 --threads $t
    "$GRUNDY" count 0.16 --to 5000 --threads $t --engine naive
    "$GRUNDY" period 0.07 --threads $t
done
"$GRUNDY" values 0.6 --to 10 --threads 0
echo "exit $?"
"$GRUNDY" values 0.6 --to 10 --threads x
echo "exit $?"
"$GRUNDY" period 0.6 --threads 1025
echo "exit $?"
