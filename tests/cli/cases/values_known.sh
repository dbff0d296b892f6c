# grundy values: the literature's first values (Kayles A002186, Dawson's Kayles as in PE 306,
# Grundy's game A002188, S(1,3,4), Lasker's Nim 4.[3], the hexadecimal 0.8), far values through
# the proved period, and --json.
"$GRUNDY" values 0.77 --to 23
echo "exit $?"
"$GRUNDY" values dawson-kayles --to 16
echo "exit $?"
"$GRUNDY" values grundy-game --to 20
echo "exit $?"
"$GRUNDY" values 'S(1,3,4)' --to 13
echo "exit $?"
"$GRUNDY" values '4.[3]' --to 11
echo "exit $?"
"$GRUNDY" values 0.8 --to 12
echo "exit $?"
"$GRUNDY" values 0.07 --from 1000000000000000000 --to 1000000000000000005
echo "exit $?"
"$GRUNDY" values 'S(1-1000000000000000000)' --from 999999999999999998 --to 1000000000000000002 --json
echo "exit $?"
"$GRUNDY" values nim --from 5 --to 5 --json
echo "exit $?"
