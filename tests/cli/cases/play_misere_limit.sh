"$GRUNDY" play kayles 100000 100000 --misere
