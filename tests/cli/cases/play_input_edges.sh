# grundy play: --max-moves 0 says no move is listed (it printed "(the first 0):"); a NUL byte in
# an --input line is exit 3 naming the line (the heaps after it were dropped without a word);
# CRLF line ends and blank lines are fine.
"$GRUNDY" play nim 3 --max-moves 0
printf '1 2\r\n\r\n\n3 3\r\n' | "$GRUNDY" play nim --input -
echo "exit $?"
printf '1 2\000 3\n' | "$GRUNDY" play nim --input -
