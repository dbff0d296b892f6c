for r in 0.07 nim '4!.0' '0.1[23]' 'S(5,1-3)' 'S(1-9223372036854775807)' 'S()'; do
    "$GRUNDY" rule "$r" --json || echo "exit $?"
done
