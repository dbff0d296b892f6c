# plot --save and --checkpoint (the sequence options in plot --help) write their files: the
# sequence file loads, the checkpoint resumes; -o into a directory that is not there is exit 5
# before anything is computed. (They used to exit 0 and write nothing.)
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
"$GRUNDY" plot kayles --to 120 -o k.svg --save k.seq --checkpoint k.cp
echo "exit $?"
ls
"$GRUNDY" values kayles --from 115 --to 120 --load k.seq
"$GRUNDY" plot kayles --to 120 -o k.svg --checkpoint k.cp
echo "exit $?"
"$GRUNDY" plot kayles --to 120 -o nowhere/k.svg
echo "exit $?"
