# --format edges: lines "u v", n = 1 + the largest id; '#' comments, blank lines and CRLF.
printf '# a comment line\n\n0 1   # an edge\n1 2\r\n\t2 0\n   \n3 0\n# no newline at the end\n5 3' |
    "$GRUNDY" graph --format edges --remoteness
echo "exit $?"
printf '# only comments\n\n' | "$GRUNDY" graph --format edges
echo "exit $?"
"$GRUNDY" graph --format tsv < /dev/null
echo "exit $?"
