# grundy survey --out: the rows are kept in a file; a second run skips them and prints the same
# table; a corrupt, truncated or foreign file is refused with exit 3 and never used.
dir=survey_resume.tmp
rm -rf "$dir"; mkdir "$dir"
"$GRUNDY" survey '0.?' --max-n 4096 --out "$dir/s" --json -q > "$dir/first"
echo "exit $?"
"$GRUNDY" survey '0.?' --max-n 4096 --out "$dir/s" --json -q > "$dir/second"
echo "exit $?"
cmp "$dir/first" "$dir/second" && echo "same rows after the resume"
"$GRUNDY" survey '0.?' --max-n 4096 --shard 1/2 --out "$dir/half" -q > /dev/null
"$GRUNDY" survey '0.?' --max-n 4096 --out "$dir/half" --json -q > "$dir/third"
cmp "$dir/first" "$dir/third" && echo "same rows after a sharded start"
"$GRUNDY" survey '0.?' --max-n 2048 --out "$dir/s" -q
echo "exit $?"
"$GRUNDY" survey '0.??' --max-n 4096 --out "$dir/s" -q
echo "exit $?"
sed 's/^row\t3\t0.3\t0.3\t0\t0\t1\t1\t4/row\t3\t0.3\t0.3\t0\t0\t1\t1\t3/' "$dir/s" > "$dir/flipped"
"$GRUNDY" survey '0.?' --max-n 4096 --out "$dir/flipped" -q
echo "exit $?"
head -c 100 "$dir/s" > "$dir/short"
"$GRUNDY" survey '0.?' --max-n 4096 --out "$dir/short" -q
echo "exit $?"
echo "not a survey" > "$dir/other"
"$GRUNDY" survey '0.?' --max-n 4096 --out "$dir/other" -q
echo "exit $?"
# Killed (SIGKILL) while rows finish, then resumed: the same rows as a run never stopped.
"$GRUNDY" survey '0.??' --max-n 8192 --json -q --threads 1 > "$dir/whole"
"$GRUNDY" survey '0.??' --max-n 8192 --out "$dir/killed" -q --threads 1 > /dev/null &
pid=$!
sleep 2
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
"$GRUNDY" survey '0.??' --max-n 8192 --out "$dir/killed" --json -q > "$dir/resumed"
echo "exit $?"
cmp "$dir/whole" "$dir/resumed" && echo "same rows after a kill"
rm -rf "$dir"
