#!/bin/sh
# Cram by search: empty boards (Beling's table: 4 x 5 is *2, 5 x 5 is 0), a board with blocked
# cells from stdin, JSON on one thread (the counts depend on the threads), a plain search
"$GRUNDY" solve cram 4 5
"$GRUNDY" solve cram 5 5 --threads 2
printf '3 4\n....\n.x..\n...x\n' | "$GRUNDY" solve cram
"$GRUNDY" solve cram 3 4 --json --threads 1 --max-bytes 4194304
"$GRUNDY" solve cram 3 3 --method plain
