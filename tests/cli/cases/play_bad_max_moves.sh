"$GRUNDY" play nim 1 2 --max-moves lots
