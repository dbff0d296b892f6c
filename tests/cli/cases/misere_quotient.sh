# grundy misere: tame Nim (T4 at heap 8), 0.75's R8, Dawson's Kayles to heap 12 with its trace,
# S(2,5) and 0.75 with phi's period proved, JSON, 0.3122's infinite quotient stopping at its bound (exit 4: the
# partial quotient, then what to raise), and bad input. Without --max-heap the quotient grows until phi's period is
# proved: Kayles' order 40, found at heap 27 and proved at heap 168. --table: the elements, the product table and
# the P-portion as element numbers.
"$GRUNDY" misere nim --max-heap 8
echo "exit $?"
"$GRUNDY" misere 0.75
echo "exit $?"
"$GRUNDY" misere 0.75 --max-heap 6 --json
echo "exit $?"
"$GRUNDY" misere dawson-kayles --max-heap 12 --trace
echo "exit $?"
"$GRUNDY" misere 0.3122 --max-heap 7 --max-quotient 200
echo "exit $?"
"$GRUNDY" misere 'S(1,3)' --max-heap 0 --json
echo "exit $?"
"$GRUNDY" misere 'S(2,5)' --max-heap 40
echo "exit $?"
"$GRUNDY" misere 0.75 --max-heap 30 --json
echo "exit $?"
"$GRUNDY" misere kayles -q
echo "exit $?"
# A tail: no proof covers Nim, so the default run stops at heap 32 and says why.
"$GRUNDY" misere nim -q
echo "exit $?"
"$GRUNDY" misere 0.31 --table
echo "exit $?"
"$GRUNDY" misere 0.31 --table --json
echo "exit $?"
"$GRUNDY" misere 0.7Z
echo "exit $?"
"$GRUNDY" misere 0.7 --max-heap -1
echo "exit $?"
"$GRUNDY" misere
echo "exit $?"
"$GRUNDY" misere 0.7 0.6
echo "exit $?"
