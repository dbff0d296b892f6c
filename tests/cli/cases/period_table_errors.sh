#!/bin/sh
# --table without a period: rows of 10 over the values computed, exit 1 as without --table;
# --width without --table, or 0, is refused; plot --table without a period asks for --to
"$GRUNDY" period 4!.0 --table --max-n 25
echo "exit $?"
"$GRUNDY" period kayles --width 5
echo "exit $?"
"$GRUNDY" period kayles --table --width 0
echo "exit $?"
"$GRUNDY" plot 4!.0 --table -o never.svg --max-n 100
echo "exit $?"
"$GRUNDY" plot kayles --table --freq -o never.svg
echo "exit $?"
