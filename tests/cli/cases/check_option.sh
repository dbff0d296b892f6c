# --check: the self-check recomputes, by a full mex, the heaps where the engine's state
# changed, new largest values and a sample; 0.034's first value of 256 (heap 26376, once 257).
# GRUNDY_TEST_CORRUPT_HEAP=K is a test-only hook storing g(K) xor 1: --check must stop with exit 5
# naming the heap, on every sequence command; without --check nothing notices.
"$GRUNDY" values 0.034 --from 26370 --to 26380 --max-n 26381 --check
echo "exit $?"
"$GRUNDY" values 0.6 --to 3000 --check-rate 1 --json | cut -c1-40
echo "exit $?"
GRUNDY_TEST_CORRUPT_HEAP=26376 "$GRUNDY" values 0.034 --from 26370 --to 26380 --max-n 26381 --check
echo "exit $?"
GRUNDY_TEST_CORRUPT_HEAP=777 "$GRUNDY" values 0.6 --to 2000 --check-rate 1
echo "exit $?"
GRUNDY_TEST_CORRUPT_HEAP=777 "$GRUNDY" value 0.8 1000 --check-rate 1
echo "exit $?"
GRUNDY_TEST_CORRUPT_HEAP=777 "$GRUNDY" period 0.6 --check-rate 1
echo "exit $?"
GRUNDY_TEST_CORRUPT_HEAP=777 "$GRUNDY" count 0.6 --to 5000 --check-rate 1 --engine naive
echo "exit $?"
GRUNDY_TEST_CORRUPT_HEAP=777 "$GRUNDY" value 0.6 1000
echo "exit $?"
"$GRUNDY" values 0.6 --to 5 --check-rate 1.5
echo "exit $?"
"$GRUNDY" values 0.6 --to 5 --check-rate 1/2
echo "exit $?"
"$GRUNDY" values 0.6 --to 5 --check-rate
echo "exit $?"
