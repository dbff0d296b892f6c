"$GRUNDY" help rule period
