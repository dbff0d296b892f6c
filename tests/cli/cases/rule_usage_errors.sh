# Every kind of bad command line: exit 2 with a one-line reason and a hint.
"$GRUNDY" rule; echo "exit $?"
"$GRUNDY" rule 0.07 0.77; echo "exit $?"
"$GRUNDY" rule 0.07 --frobnicate; echo "exit $?"
"$GRUNDY" rule 0.07 -x; echo "exit $?"
"$GRUNDY" rule 0.07 --json=yes; echo "exit $?"
"$GRUNDY" rule -- --json; echo "exit $?"
