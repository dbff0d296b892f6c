# --spill removes only what this run made: a link is refused (never followed, never removed), an
# empty file of the user's is used and left there, empty. A FIFO given as --spill, --checkpoint,
# --load or solve --load is refused at once (it used to block the reader).
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
: > target
ln -s target link
"$GRUNDY" count 0.16 --to 300000 --memory 131072 --spill link
echo "exit $?"
[ -L link ] && [ ! -s target ] && echo "the link and its empty target are there, untouched"
: > empty
"$GRUNDY" count 0.16 --to 300000 --memory 131072 --spill empty
echo "exit $?"
[ -f empty ] && [ ! -s empty ] && echo "the empty file is there, empty"
mkfifo fifo
"$GRUNDY" count 0.16 --to 300000 --memory 131072 --spill fifo
echo "exit $?"
"$GRUNDY" count 0.16 --to 3000 --checkpoint fifo
echo "exit $?"
"$GRUNDY" values 0.07 --to 10 --load fifo
echo "exit $?"
"$GRUNDY" solve divisors 6 --load fifo
echo "exit $?"
ls
