# grundy misere --genus: Kayles (WW's table), Grundy's game (13: 3^1431), Nim's genera in JSON.
"$GRUNDY" misere kayles --genus --max-heap 12
echo "exit $?"
"$GRUNDY" misere grundy-game --genus --max-heap 14
echo "exit $?"
"$GRUNDY" misere nim --genus --max-heap 4 --json
echo "exit $?"
