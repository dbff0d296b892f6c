"$GRUNDY" verify 0.F --samples 20
