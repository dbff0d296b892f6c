"$GRUNDY" play 0.73 1 2 3
