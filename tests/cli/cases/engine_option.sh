# --engine on the sequence commands: naive, sparse and auto (the default) give the same answers;
# an unknown name, or sparse on a rule with no move leaving two heaps, is exit 3.
for engine in naive sparse auto; do
    "$GRUNDY" period kayles --engine "$engine" --json
    echo "exit $?"
    "$GRUNDY" values 0.6 --to 40 --engine "$engine"
    echo "exit $?"
    "$GRUNDY" value 0.354 1000 --engine "$engine"
    echo "exit $?"
    "$GRUNDY" count 4.7 --to 500 --engine "$engine" --json
    echo "exit $?"
done
"$GRUNDY" period 0.07 --engine fast
echo "exit $?"
"$GRUNDY" value 'S(1,3)' 5 --engine sparse
echo "exit $?"
"$GRUNDY" period 0.07 --engine
echo "exit $?"
