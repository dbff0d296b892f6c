#!/bin/sh
"$GRUNDY" solve mirror-board <<EOF
3 2
1 1
3 3
4 1
1 2
EOF
