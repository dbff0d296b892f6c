tmp=$(mktemp) || exit 5
trap 'rm -f "$tmp"' EXIT
# survey --max-bytes, shared by the codes computed at once (B / T each with at least T codes; a
# class of one code gets all of B, and its sequence the T threads): a code past its share is left out of the table and named on stderr with what to raise it to (exit 4);
# raised as it says, it goes further ("at least": the step after needs more); raised enough, the
# code is computed. Bad values: exit 3.
"$GRUNDY" survey '0.1?' --max-n 100000 --max-bytes 100000 --threads 2 -q --format tsv >"$tmp"
echo "exit $?"
cut -f1-13 "$tmp" # not the seconds column: it depends on the machine and the build
"$GRUNDY" survey '0.14' --max-n 100000 --max-bytes 128486 --threads 2 -q --format tsv >/dev/null
echo "exit $?"
"$GRUNDY" survey '0.14' --max-n 100000 --max-bytes 10000000 --threads 2 -q --format tsv >"$tmp"
echo "exit $?"
grep '^0.14' "$tmp" | cut -f1-8
"$GRUNDY" survey '0.1?' --max-bytes 12x
echo "exit $?"
