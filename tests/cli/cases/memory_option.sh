# --memory BYTES: windowed runs give what full storage gives (stats, values in every
# format, count, value), the values streamed as they are computed; a heap needing a dropped value,
# an engine or a search needing every value, and too few bytes are exit 4 with what to raise
# --memory to; bad values are exit 3, --memory beside --save/--checkpoint exit 2.
same() { if [ "$1" = "$2" ]; then echo "same: $3"; else echo "DIFFER: $3"; fi; }
same "$("$GRUNDY" stats 0.167 --to 300000 --freq --json --memory 150000 --threads 1)" \
    "$("$GRUNDY" stats 0.167 --to 300000 --freq --json)" "stats 0.167"
same "$("$GRUNDY" stats 0.1777 --to 200000 --freq --memory 150000 --threads 1)" \
    "$("$GRUNDY" stats 0.1777 --to 200000 --freq)" "stats 0.1777"
for f in text json bfile tsv; do
    same "$("$GRUNDY" values 0.167 --from 7 --to 200000 --format $f --memory 150000 --threads 1)" \
        "$("$GRUNDY" values 0.167 --from 7 --to 200000 --format $f)" "values --format $f"
done
same "$("$GRUNDY" count 0.1777 --from 5 --to 200000 --json --memory 150000 --threads 1)" \
    "$("$GRUNDY" count 0.1777 --from 5 --to 200000 --json)" "count"
same "$("$GRUNDY" value 0.1777 199999 --memory 150000 --threads 1)" "$("$GRUNDY" value 0.1777 199999)" "value"
"$GRUNDY" stats 0.167 --to 100 --memory 0
echo "exit $?"
"$GRUNDY" stats 0.167 --to 100 --memory 12x
echo "exit $?"
"$GRUNDY" stats 0.167 --to 100 --memory 99999999999999999999
echo "exit $?"
"$GRUNDY" stats 0.167 --to 100 --memory
echo "exit $?"
"$GRUNDY" values 0.167 --to 100 --memory 1000000 --save t.seq
echo "exit $?"
# values prints every value again on resume: with --memory, a checkpoint needs --spill
"$GRUNDY" values 0.167 --to 100 --memory 1000000 --checkpoint t.ckpt
echo "exit $?"
# a rare partner behind the window (0.16's rare heaps reach far)
"$GRUNDY" stats 0.16 --to 300000 --memory 131072 --threads 1
echo "exit $?"
# every value: the naive engine, the self-check, a period search
"$GRUNDY" stats 0.167 --to 300000 --memory 150000 --engine naive --threads 1
echo "exit $?"
"$GRUNDY" stats 0.167 --to 300000 --memory 150000 --check --threads 1
echo "exit $?"
"$GRUNDY" period 0.167 --memory 150000 --threads 1
echo "exit $?"
# too few bytes for the engine's scratch
"$GRUNDY" stats 0.167 --to 300000 --memory 5000
echo "exit $?"
# a small --memory with many threads: one thread, the same statistics
"$GRUNDY" stats 0.167 --to 300000 --memory 300000 --threads 4 --freq | cksum
"$GRUNDY" stats 0.167 --to 300000 --memory 300000 --threads 1 --freq | cksum
"$GRUNDY" stats 0.167 --to 300000 --freq | cksum
# a limit stops a stream: what was printed stays, the line ended
"$GRUNDY" values 0.16 --to 300000 --memory 131072 --threads 1 | wc -w | tr -d ' '
ls t.seq t.ckpt 2>&1 | sed 's/.*t\./no t./; s/:.*//'
