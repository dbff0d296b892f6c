# Every kind of malformed rule: one line naming the position and the problem, exit 3.
for r in '' '0.0?' '0.07=' '&5;' '{1}' '3.7' '1.0' '2!.0' '0.7W' '12.3' '0.[3' '0.[]' '0.[3]1' \
    '0.!' '0.7!!' '!0.7' '0.7 ' ' 0.7' '0.1.2' '0.]' '0.[1[2]]' 'S(3-1)' 'S(0)' 'S(1,,2)' 'S(1' \
    'S(1,99999999999999999999)' 'S(9223372036854775808)' 'S(1)x' 'S(-1)' 'kayle' 'nim2' 'é'; do
    "$GRUNDY" rule "$r"
    echo "exit $?"
done
