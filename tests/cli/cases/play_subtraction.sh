"$GRUNDY" play 'S(1,3)' 4 5
