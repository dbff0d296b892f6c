tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
# The misere quotient's memory (--max-bytes) and work (--max-work) bounds, in `misere`
# and in `play --misere` (where --max-work also bounds the search): each stop is exit 4 with what
# to raise and to what; the progress line (--progress; -q silences it, and not both); bad values.
"$GRUNDY" misere 0.07 --max-heap 30 --max-bytes 100000
echo "exit $?"
# "at least": a larger candidate can need more (its states are wider)
"$GRUNDY" misere 0.07 --max-heap 25 --max-bytes 131072
echo "exit $?"
"$GRUNDY" misere 0.07 --max-heap 25 --max-bytes 147456 | head -1
"$GRUNDY" misere 0.07 --max-heap 30 --max-work 100000
echo "exit $?"
"$GRUNDY" misere 0.07 --max-heap 100000 --genus --max-bytes 1000
echo "exit $?"
"$GRUNDY" play 0.07 30 --misere --max-work 1000
echo "exit $?"
"$GRUNDY" play 0.07 30 --misere --max-bytes 100000 --max-work 100000
echo "exit $?"
"$GRUNDY" play 0.07 20 --misere --max-work 1000000
echo "exit $?"
# seconds of work: the progress line is drawn at least once, on stderr only
"$GRUNDY" misere 0.07 --max-heap 33 --progress 2>"$tmp/err" | head -1
tr '\r' '\n' <"$tmp/err" | grep -q 'grundy misere 0.07: misere quotient, heap [0-9]* of 33, .* check steps of 1073.74M (--max-work)' && echo "progress drawn"
"$GRUNDY" misere 0.07 --max-heap 28 -q 2>&1 >/dev/null | wc -c
# the misere search of play (after the quotient stops) draws its own line: moves tried of --max-work
"$GRUNDY" play 0.07 100 --misere --max-work 1000000 --progress 2>"$tmp/err" >/dev/null
tr '\r' '\n' <"$tmp/err" | grep -q 'grundy play 0.07: misere search, [0-9.]*k moves tried of 1000.00k (--max-work), [0-9]*m[0-9]*s' && echo "search progress drawn"
"$GRUNDY" misere 0.07 --progress -q
echo "exit $?"
"$GRUNDY" play 0.07 3 --misere --progress -q
echo "exit $?"
"$GRUNDY" misere 0.07 --max-work 1x
echo "exit $?"
"$GRUNDY" play 0.07 3 --misere --max-work 99999999999999999999
echo "exit $?"
