"$GRUNDY" play nim 1 1 --misere
