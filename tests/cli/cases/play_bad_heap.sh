"$GRUNDY" play nim 3 x5
