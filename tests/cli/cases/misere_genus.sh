# grundy misere --genus: Kayles (WW's table), Grundy's game (13: 3^1431), Nim's genera in JSON.
"$GRUNDY" misere kayles --genus --max-heap 12
echo "exit $?"
"$GRUNDY" misere grundy-game --genus --max-heap 14
echo "exit $?"
"$GRUNDY" misere nim --genus --max-heap 4 --json
echo "exit $?"
# The rows fit in --max-bytes 5000 but the search's memo does not: exit 4, saying what to raise.
"$GRUNDY" misere 0.07 --genus --max-heap 12 --max-bytes 5000
echo "exit $?"
