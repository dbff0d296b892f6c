"$GRUNDY" play nim
