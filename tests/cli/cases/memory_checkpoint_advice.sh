# A --memory run that stops with exit 4 "raise --memory" beside a --checkpoint says what to do
# with the checkpoint, which resumes with its own bound only (a larger one is refused, exit 3):
# remove it, and the larger bound runs to the end.
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
"$GRUNDY" stats 0.16 --to 300000 --memory 131072 --checkpoint cp --checkpoint-every 0 > /dev/null
echo "exit $?"
"$GRUNDY" stats 0.16 --to 300000 --memory 366684 --checkpoint cp > /dev/null
echo "exit $?"
rm cp
"$GRUNDY" stats 0.16 --to 300000 --memory 366684 --checkpoint cp > /dev/null
echo "exit $?"
