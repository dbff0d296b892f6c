"$GRUNDY" help
