#!/bin/sh
# Node Kayles on graphs in grundy graph's format: a path of 5 is Dawson's Kayles of 5 (*3); a
# 5-cycle; a star and a triangle together (components xor); a bad graph
printf '5 4\n0 1\n1 2\n2 3\n3 4\n' | "$GRUNDY" solve node-kayles
printf '5 5\n0 1\n1 2\n2 3\n3 4\n4 0\n' | "$GRUNDY" solve node-kayles --json --threads 1
printf '7 6\n0 1\n0 2\n0 3\n4 5\n5 6\n6 4\n' | "$GRUNDY" solve node-kayles
printf '2 1\n0 5\n' | "$GRUNDY" solve node-kayles; echo "exit $?"
