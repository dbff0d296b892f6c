# grundy survey: a small class as a table (the seconds column cut: it is a time), as JSON Lines,
# with --hex, sharded; the two-digit class's groups and shifts (0.07 is 0.4 shifted by one).
"$GRUNDY" survey '0.?' --max-n 4096 --format tsv -q | cut -f1-13
echo "exit $?"
"$GRUNDY" survey '0.?' --max-n 4096 --json -q --threads 2
echo "exit $?"
"$GRUNDY" survey '4.?' --hex --max-n 2048 --time-per-game 5 -q --format tsv | cut -f1,2,4,5,6,7
echo "exit $?"
"$GRUNDY" survey '0.??' --max-n 4096 --shard 2/8 -q --format tsv | cut -f1,4,5,6,7,13
echo "exit $?"
"$GRUNDY" survey '0.??' --max-n 4096 -q | sed -n '/Shifted/,$p'
echo "exit $?"
