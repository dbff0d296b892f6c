# grundy period: no period within the bound (exit 1): Grundy's game has none known, Officers
# (0.6) none below 500; bad input.
"$GRUNDY" period '4!.0' --max-n 2000
echo "exit $?"
"$GRUNDY" period '4!.0' --max-n 2000 --json
echo "exit $?"
"$GRUNDY" period 0.6 --max-n 500
echo "exit $?"
"$GRUNDY" period 0.6 --max-n x
echo "exit $?"
"$GRUNDY" period
echo "exit $?"
