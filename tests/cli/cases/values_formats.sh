# values --format: an OEIS b-file with its offset, TSV, JSON; bad and conflicting formats.
"$GRUNDY" values kayles --to 12 --format bfile | sed 's/(grundy [0-9.]*)/(grundy VERSION)/'
"$GRUNDY" values 0.07 --from 1 --to 4 --format bfile | sed 's/(grundy [0-9.]*)/(grundy VERSION)/'
"$GRUNDY" values 'S(1,3,4)' --from 5 --to 9 --format tsv
"$GRUNDY" values nim --from 1000000000000000000 --to 1000000000000000002 --format tsv
"$GRUNDY" values kayles --to 5 --format json
"$GRUNDY" values kayles --to 5 --format json --json
"$GRUNDY" values kayles --to 5 --format text
"$GRUNDY" values kayles --to 5 --format xml
echo "exit $?"
"$GRUNDY" values kayles --to 5 --format bfile --json
echo "exit $?"
"$GRUNDY" values kayles --to 5 --format
echo "exit $?"
