"$GRUNDY" verify nim --misere --samples 300 --max-heap 7
