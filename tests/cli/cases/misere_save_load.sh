tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 5
# A quotient saved (--save) prints again from the file (--load) as computed, and misere play goes
# through it (--quotient), through its proved period for a huge heap too; a file of another rule,
# a truncated or damaged one, one that is not a quotient file or is missing are refused.
"$GRUNDY" misere kayles -q --save kayles.mq >computed.txt
echo "exit $?"
"$GRUNDY" misere kayles --load kayles.mq >loaded.txt
echo "exit $?"
cmp computed.txt loaded.txt && echo "the same quotient"
"$GRUNDY" misere kayles --load kayles.mq --json --table | head -c 120
echo
"$GRUNDY" play kayles 60 --misere --quotient kayles.mq --max-moves 2
echo "exit $?"
"$GRUNDY" play kayles 1000000000000000000 7 --misere --quotient kayles.mq --max-moves 1
echo "exit $?"
# a partial quotient (--max-heap) covers its heaps only: past them the search answers
"$GRUNDY" misere 0.07 --max-heap 12 -q --save dawson.mq | tail -2
"$GRUNDY" play 0.07 10 11 --misere --quotient dawson.mq --max-moves 0
echo "exit $?"
"$GRUNDY" play 0.07 20 --misere --quotient dawson.mq --max-moves 0
echo "exit $?"
"$GRUNDY" misere 0.75 --load kayles.mq
echo "exit $?"
head -c 100 kayles.mq >short.mq
"$GRUNDY" misere kayles --load short.mq
echo "exit $?"
cp kayles.mq flipped.mq
printf 'X' | dd of=flipped.mq bs=1 seek=300 conv=notrunc 2>/dev/null
"$GRUNDY" play kayles 5 --misere --quotient flipped.mq
echo "exit $?"
echo "not a quotient" >text.mq
"$GRUNDY" misere kayles --load text.mq
echo "exit $?"
"$GRUNDY" misere kayles --load missing.mq
echo "exit $?"
"$GRUNDY" misere kayles --load kayles.mq --save again.mq
echo "exit $?"
"$GRUNDY" play kayles 5 --quotient kayles.mq
echo "exit $?"
"$GRUNDY" misere kayles --save no/such/dir.mq
echo "exit $?"
