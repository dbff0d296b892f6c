"$GRUNDY" version
echo "exit $?"
"$GRUNDY" --version
