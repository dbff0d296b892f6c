# grundy play: five heaps of 4.0 at 2^63 - 2 have 5 * (2^62 - 1) = 23058430092136939515 winning
# splits (every split of an even heap leaves two heaps of one parity, value 0 ^ 0 or 1 ^ 1), past
# 2^64 - 1: the exact count is printed in text and JSON (it was refused as "no proved period").
H=9223372036854775806
"$GRUNDY" play 4.0 $H $H $H $H $H --max-moves 1
"$GRUNDY" play 4.0 $H $H $H $H $H --max-moves 0 --json
