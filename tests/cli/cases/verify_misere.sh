"$GRUNDY" verify 'S(1,2)' --misere --samples 300 --seed 3
