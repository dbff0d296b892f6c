# A limit's message says what really bounds the answer and what to raise, never an option that
# does not bound it: 0.6 at 10^12 is stopped by the work bound and 0.D3 by the naive engine's
# search cap (any --max-n given lifts both),
# Grundy's game at 10^12 within --max-n by the memory a sequence may keep (--memory and --spill
# go past it), and verify's misere search is not bounded by --max-n.
"$GRUNDY" value 0.6 1000000000000
echo "exit $?"
"$GRUNDY" count 0.6 --to 33554433          # within reach of a direct computation: --max-n N
echo "exit $?"
"$GRUNDY" value 0.D3 1000000000000        # the naive engine's default search cap, not --max-n
echo "exit $?"
"$GRUNDY" value grundy-game 1000000000000
echo "exit $?"
"$GRUNDY" value grundy-game 1000000000000 --max-n 1000000000000
echo "exit $?"
"$GRUNDY" verify 'S(1)' --misere --max-heap 1000 --heaps 3 --samples 1
echo "exit $?"
"$GRUNDY" verify kayles --max-n 8 --samples 3
echo "exit $?"
