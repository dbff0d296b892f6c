# A heaps total past 400 is a fixed bound, not a budget: exit 3 and no advice to raise --max-bytes.
"$GRUNDY" solve heaps nim 401
echo "exit $?"
"$GRUNDY" solve heaps kayles 200 201 --max-bytes 9223372036854775807
echo "exit $?"
"$GRUNDY" solve heaps nim 9223372036854775807
echo "exit $?"
