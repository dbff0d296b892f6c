# --check keeps every value (no window), so one thread may take the pipeline alone: where a tight
# --memory has no room for its scratch, the paths after it go on as where it does not run, with
# the values that more memory gives.
"$GRUNDY" values 0.354 --from 199990 --to 200000 --threads 1 --memory 250000 --check
echo "exit $?"
"$GRUNDY" values 0.354 --from 199990 --to 200000 --threads 1
