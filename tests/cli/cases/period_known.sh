# grundy period: the literature's periods with their proofs (0.07 and 0.137: n0 = 53 and 52,
# p = 34; Kayles 0.77: n0 = 71, p = 12), the window test, the closed forms (Nim: period 1,
# saltus 1), observed arithmetic periods (Lasker's Nim, the hexadecimal 0.8), and --json.
for rule in 0.07 0.137 kayles 'S(1,3,4)' 'S(2,7,8,9)' 0.F 'S(1-1000000000000000000)' nim 0.0[3] '4.[3]' 0.8; do
    "$GRUNDY" period "$rule"
    echo "exit $?"
done
for rule in 0.07 nim 'S(3-5)' '4.[3]'; do
    "$GRUNDY" period "$rule" --json
    echo "exit $?"
done
