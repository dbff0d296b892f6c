"$GRUNDY" play kayles 1000000000000000000 3 --max-moves 3 --json
