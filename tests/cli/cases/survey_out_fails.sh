# grundy survey --out FILE that cannot be written: a directory that is not one (a path under a
# regular file) or a FIFO is refused at the start, before any row is computed (exit 5); a save
# that fails at the end (ulimit -f 0: a full disk) prints every row first, then exit 5.
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
echo "a file" > file
"$GRUNDY" survey '0.?' --max-n 512 --out file/s -q
echo "exit $?"
"$GRUNDY" survey '0.?' --max-n 512 --out nowhere/s -q
echo "exit $?"
mkfifo fifo
"$GRUNDY" survey '0.?' --max-n 512 --out fifo -q
echo "exit $?"
(ulimit -f 0; "$GRUNDY" survey '0.?' --max-n 512 --out s -q --format tsv 2>&1; echo "exit $?") |
    cut -f 1-5
ls
