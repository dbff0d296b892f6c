"$GRUNDY" help frobnicate
