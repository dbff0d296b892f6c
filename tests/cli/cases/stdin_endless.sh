# Standard input past --max-bytes is not read to its end: an endless one (yes) ends at once with
# exit 4 "more than B bytes" (it used to be read on, to count the rest, forever).
yes | timeout 60 "$GRUNDY" solve mirror-board --max-bytes 5000
echo "exit $?"
yes 1 | timeout 60 "$GRUNDY" solve left-stack --max-bytes 5000
echo "exit $?"
