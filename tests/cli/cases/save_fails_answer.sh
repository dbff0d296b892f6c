# A --save or --checkpoint that cannot be written: a directory that is not there or not one is
# refused before anything is computed (exit 5); a final save that fails (ulimit -f 0: a full
# disk) still prints the answer, then exits 5 for the file.
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
echo "a file" > file
"$GRUNDY" values 0.6 --to 20 --save nowhere/seq
echo "exit $?"
"$GRUNDY" count 0.16 --to 100000 --checkpoint file/cp
echo "exit $?"
"$GRUNDY" value 0.07 1000 --memory 131072 --checkpoint nowhere/cp
echo "exit $?"
"$GRUNDY" solve divisors 23 --save nowhere/t.sv
echo "exit $?"
(ulimit -f 0; "$GRUNDY" values 0.6 --to 20 --save seq 2>&1; echo "exit $?") | cat
(ulimit -f 0; "$GRUNDY" count 0.16 --to 100000 --checkpoint cp 2>&1; echo "exit $?") | cat
(ulimit -f 0; "$GRUNDY" value 0.07 1000 --memory 131072 --checkpoint cp 2>&1; echo "exit $?") |
    cat
(ulimit -f 0; "$GRUNDY" period 0.07 --checkpoint cp 2>&1; echo "exit $?") | cat
(ulimit -f 0; "$GRUNDY" solve divisors 23 --save t.sv 2>&1; echo "exit $?") | cat
ls
