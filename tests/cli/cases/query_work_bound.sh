# The work bound: a query whose heap would take minutes by the engine's cost estimate is refused at
# once with exit 4 and the --max-n that computes it anyway (the work bound, 2^35 option visits).
# C!.0 (three-heap splits, the naive engine, no theorem: no period search first) and 4!.0 (the
# sparse engine, once its rare list is chosen) are refused in milliseconds.
"$GRUNDY" value 'C!.0' 10040000
echo "exit $?"
"$GRUNDY" play 'C!.0' 10040000 7
echo "exit $?"
"$GRUNDY" count 'C!.0' --to 100000
echo "exit $?"
"$GRUNDY" values 'C!.0' --to 100000 --from 99990
echo "exit $?"
"$GRUNDY" value 4!.0 8400840
echo "exit $?"
"$GRUNDY" play 4!.0 8400840 5 --json
echo "exit $?"
printf '5\n100000\n' | "$GRUNDY" play 'C!.0' --input -
echo "exit $?"
printf '5\n100000\n' | "$GRUNDY" value 'C!.0' --input -
echo "exit $?"
# Within the bound, and with --max-n given (the bound lifted), the values come.
"$GRUNDY" value 'C!.0' 300
echo "exit $?"
"$GRUNDY" value 'C!.0' 300 --max-n 300 -q
echo "exit $?"
"$GRUNDY" play 'C!.0' 300 7 --max-n 300 --max-moves 1
echo "exit $?"
