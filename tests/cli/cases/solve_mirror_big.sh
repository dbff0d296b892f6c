#!/bin/sh
"$GRUNDY" solve mirror-board --json <<EOF
1000000000 2
1 1
1000000000 1000000000
EOF
