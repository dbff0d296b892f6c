# An explicit --to past the default --max-n is computed (the default is meant for the period
# searches); an explicit --max-n still bounds it.
"$GRUNDY" stats 'S(1,2)' --to 33554433 -q
echo "exit $?"
"$GRUNDY" stats 'S(1,2)' --to 33554433 --max-n 1000 -q
echo "exit $?"
