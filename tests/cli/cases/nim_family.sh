# grundy nim: nim-sum, nim-product, nim-inverse up to 2^64 - 1; Project Euler 301 (2^30: 2178309)
# and 2^62 (F(64)) by the carry automaton; other multipliers; the refusals.
"$GRUNDY" nim sum 3 5 6
echo "exit $?"
"$GRUNDY" nim product 2 3 --json
echo "exit $?"
"$GRUNDY" nim product 18446744073709551615 18446744073709551615
echo "exit $?"
"$GRUNDY" nim inverse 2
echo "exit $?"
"$GRUNDY" nim count --to 1073741824
echo "exit $?"
"$GRUNDY" nim count --to 4611686018427387904 --json
echo "exit $?"
"$GRUNDY" nim count --from 10 --to 1000 --multipliers 1,3,5,7
echo "exit $?"
"$GRUNDY" nim count --to 100 --multipliers 1000,1000,3
echo "exit $?"
"$GRUNDY" nim count --to 100 --multipliers 1000,1000,3 --max-states 3000000
echo "exit $?"
"$GRUNDY" nim sum 18446744073709551616
echo "exit $?"
"$GRUNDY" nim inverse 0
echo "exit $?"
"$GRUNDY" nim inverse 1 2
echo "exit $?"
"$GRUNDY" nim count --to 5 --multipliers 1,,2
echo "exit $?"
"$GRUNDY" nim count
echo "exit $?"
"$GRUNDY" nim divide 1 2
echo "exit $?"
# junk is named before size, as for every other number (grundy_parse_u64)
"$GRUNDY" nim count --to 5 --multipliers 1,99999999999999999999x
echo "exit $?"
"$GRUNDY" nim count --to 5 --multipliers 1,99999999999999999999
echo "exit $?"
"$GRUNDY" nim sum 99999999999999999999x
echo "exit $?"
