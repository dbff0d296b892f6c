# Command-line edge cases of grundy graph. A second --tokens is refused (exit 2), not allowed to
# drop the first list silently; a directory is an i/o error named with the system's reason, not
# "line 0" (exit 5); a failed write is reported on one line (exit 5).
printf '2 1\n0 1\n' > t.txt
"$GRUNDY" graph t.txt --tokens 0 --tokens 1
echo "exit $?"
"$GRUNDY" graph .
echo "exit $?"
"$GRUNDY" graph t.txt > /dev/full
echo "exit $?"
rm -f t.txt
