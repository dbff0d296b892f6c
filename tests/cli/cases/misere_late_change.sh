# grundy misere: 0.667 keeps an order-108 quotient from heap 62 and changes late, at heap 333, to
# order 172 (Siegel's MisereSolver finds the same); the incremental check reaches it in well under
# a second.
"$GRUNDY" misere 0.667 --max-heap 340 --trace
echo "exit $?"
