"$GRUNDY" help rule
