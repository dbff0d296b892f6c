"$GRUNDY" rule --help
echo "exit $?"
"$GRUNDY" rule -h 0.07
