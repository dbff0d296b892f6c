# grundy survey: bad classes and options (exit 2 and 3), a class too large (4), a missing rule
# file (5), a rule file with a bad line, codes that are no rules (counted, not fatal).
"$GRUNDY" survey
echo "exit $?"
"$GRUNDY" survey '0.?' '0.??'
echo "exit $?"
"$GRUNDY" survey '0.?' --shard 3/2
echo "exit $?"
"$GRUNDY" survey '0.?' --shard x
echo "exit $?"
"$GRUNDY" survey '0.?' --format csv
echo "exit $?"
"$GRUNDY" survey '0.?' --time-per-game 1.5
echo "exit $?"
"$GRUNDY" survey '0.?' --max-n -1
echo "exit $?"
"$GRUNDY" survey '0.?' --threads 0
echo "exit $?"
"$GRUNDY" survey '0.??????' -q
echo "exit $?"
"$GRUNDY" survey @no-such-file -q
echo "exit $?"
printf '0.07\n# a comment\n\n  0.77  \nthis is a rule with spaces\n' > rules.tmp
"$GRUNDY" survey @rules.tmp -q
echo "exit $?"
printf '0.07 # Dawson\n0.4\nkayles\n0.7W\n' > rules.tmp
"$GRUNDY" survey @rules.tmp -q --format tsv | cut -f1,2,4,5,6,13
echo "exit $?"
"$GRUNDY" survey '?.3' -q --format tsv | cut -f1,2,4
echo "exit $?"
rm -f rules.tmp
