"$GRUNDY" play nim 1 2 3 && "$GRUNDY" play nim 5 10 15 && "$GRUNDY" play nim 6 12 18 --json
