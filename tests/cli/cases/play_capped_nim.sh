"$GRUNDY" play 'S(1-2)' 3 5 6
