# grundy values: bad input (exit 2 or 3) and a request past what is proved (exit 4).
"$GRUNDY" values 0.07 --from 10 --to 5
echo "exit $?"
"$GRUNDY" values 0.07 --to 9223372036854775808
echo "exit $?"
"$GRUNDY" values 0.07 --to -1
echo "exit $?"
"$GRUNDY" values 0.07
echo "exit $?"
"$GRUNDY" values 0.7W --to 5
echo "exit $?"
"$GRUNDY" values '4!.0' --from 1000000000000000000 --to 1000000000000000000
echo "exit $?"
"$GRUNDY" values 0.07 --to 5 extra
echo "exit $?"
