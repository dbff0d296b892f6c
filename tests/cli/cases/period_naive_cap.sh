# Moves leaving three heaps cost the naive engine n^2 per value: without --max-n the search stops
# where that gets slow (it used to run towards 2^25 heaps for years), and says so.
"$GRUNDY" period 0.D3
echo "exit $?"
"$GRUNDY" period 0.D3 --max-n 100
