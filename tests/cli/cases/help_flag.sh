"$GRUNDY" --help
