# Heaps within --max-n are computed directly, bounded by the query: Officers (0.6, no period
# known) to 20000 computes 20001 values (it once computed 2^25 looking for a period), and a
# periodic rule still answers from the period its bounded search proves.
"$GRUNDY" values 0.6 --from 19990 --to 20000
"$GRUNDY" values 0.6 --from 19990 --to 20000 --engine naive
"$GRUNDY" values 0.07 --from 29999990 --to 30000000
