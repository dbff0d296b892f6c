#!/bin/sh
# Refusals: too many cells, a bad row, a table that does not fit, a damaged checkpoint,
# options of the searched games on a tabled game and the other way
d=$(mktemp -d) || exit 5
trap 'rm -rf "$d"' EXIT
"$GRUNDY" solve cram 17 16; echo "exit $?"
printf '2 3\n..\n' | "$GRUNDY" solve cram; echo "exit $?"
"$GRUNDY" solve cram 4 4 --max-bytes 1000000 --threads 1; echo "exit $?"
printf 'not a table' >"$d/bad.nt"
"$GRUNDY" solve cram 4 5 --checkpoint "$d/bad.nt" 2>&1 | sed "s|$d|DIR|"
"$GRUNDY" solve divisors 5 --method plain; echo "exit $?"
"$GRUNDY" solve cram 4 5 --self-test; echo "exit $?"
"$GRUNDY" solve cram 4 5 --method fast; echo "exit $?"
