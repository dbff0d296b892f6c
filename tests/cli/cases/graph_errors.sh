# Bad input: one line naming the problem and the line number, exit 3 (4 for the memory limit,
# 5 for a file that cannot be opened, 2 for the command line's shape).
t() { printf "$1" | "$GRUNDY" graph $2; echo "exit $?"; }
t ''                                  # empty input
t '# just a comment\n\n'              # empty input after comments
t '3 2\n0 1\n'                        # fewer edge lines than m
t '3 1\n0 1\n1 2\n'                   # more edge lines than m
t '3 1\n# c\n0 3\n'                   # vertex out of range
t '3 1\n0 x\n'                        # not a number
t '3 1\n0 -1\n'                       # a sign
t '3 1\n1\n'                          # one number
t '3 1\n0 1 2\n'                      # three numbers
t 'n m\n'                             # header not numbers
t '3 1\n0 99999999999999999999\n'     # too large
t '3 1\n0 1.5\n'                      # not an integer
t '1000000000 1000000000\n'           # past the default memory limit of 24 GiB
t '5000000000 0\n' '--max-bytes 9223372036854775807' # past 2^32 - 1 vertices
t '100 100\n' '--max-bytes 1000'      # past --max-bytes
t '0 1\n1 2\n5 7\n' '--format edges --max-bytes 100' # edges format grows past the limit
t '0 1\n4294967295 0\n' '--format edges' # id past 2^32 - 2
t '1 0\n' '--max-bytes lots'
"$GRUNDY" graph /nonexistent/graph.txt
echo "exit $?"
"$GRUNDY" graph a b
echo "exit $?"
"$GRUNDY" graph --bogus
echo "exit $?"
# Bytes outside printable ASCII are shown escaped; a huge m with few lines is a short input.
printf '2 1\n0 1\0\n' | "$GRUNDY" graph; echo "exit $?"
printf '\357\273\2772 1\n0 1\n' | "$GRUNDY" graph; echo "exit $?"
printf '3 1500000000\n0 1\n' | "$GRUNDY" graph; echo "exit $?"
