# JSON's "rule" is the whole canonical form, never cut short (it was cut at 127 or 255 characters)
R="0.[$(printf '%0150d' 0 | tr 0 1)3]"
"$GRUNDY" values "$R" --to 3 --json
"$GRUNDY" play "$R" 5 --json --max-moves 1
