"$GRUNDY" verify kayles --samples 300 --seed 7
