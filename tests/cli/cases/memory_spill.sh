# --spill FILE beside --memory: the values the window drops go to FILE and the far
# options are read back from it, so 0.16 (whose rare partners lie behind the window) and 0.034
# (whose first 9-bit value needs a long doubt scan) run where --memory alone stops; the output
# equals full storage's and FILE is removed at the end. --spill without --memory is exit 2; a
# file there that is not a spill file is refused with exit 3 and left as it was.
same() { if [ "$1" = "$2" ]; then echo "same: $3"; else echo "DIFFER: $3"; fi; }
d=$(mktemp -d)
same "$("$GRUNDY" stats 0.16 --to 300000 --freq --memory 131072 --threads 1 --spill "$d/s")" \
    "$("$GRUNDY" stats 0.16 --to 300000 --freq)" "stats 0.16"
same "$("$GRUNDY" values 0.034 --to 76337 --format tsv --memory 200000 --threads 1 --spill "$d/s")" \
    "$("$GRUNDY" values 0.034 --to 76337 --format tsv)" "values 0.034"
ls "$d"
"$GRUNDY" stats 0.16 --to 1000 --spill "$d/s"
echo "exit $?"
echo "precious" > "$d/keep"
"$GRUNDY" stats 0.16 --to 300000 --memory 131072 --spill "$d/keep" 2>"$d/err"
echo "exit $?"
sed "s|$d|DIR|" "$d/err"
cat "$d/keep"
"$GRUNDY" stats 0.16 --to 1000 --memory 131072 --spill "$d/no/such/dir/s" 2>"$d/err"
echo "exit $?"
sed "s|$d|DIR|" "$d/err"
rm -rf "$d"
