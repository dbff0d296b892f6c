#!/bin/sh
"$GRUNDY" solve mirror-board --json <<EOF
5 2
1 2
5 4
EOF
