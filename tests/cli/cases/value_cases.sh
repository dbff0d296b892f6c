# grundy value: g(N) up to 10^18 through the period or a closed form; directly below --max-n;
# exit 4 past what is proved (Grundy's game has no known period), exit 3 past 2^63 - 1.
"$GRUNDY" value 0.07 1000000000000000000
echo "exit $?"
"$GRUNDY" value kayles 1000000000000000000 --json
echo "exit $?"
"$GRUNDY" value nim 1000000000000000000
echo "exit $?"
"$GRUNDY" value 'S(1-1000000000000000000)' 9223372036854775807
echo "exit $?"
"$GRUNDY" value '4!.0' 100
echo "exit $?"
"$GRUNDY" value '4!.0' 1000000000000000000
echo "exit $?"
"$GRUNDY" value 0.6 1000000 --max-n 1000
echo "exit $?"
"$GRUNDY" value 0.07 9223372036854775808
echo "exit $?"
"$GRUNDY" value 0.07
echo "exit $?"
