#!/bin/sh
"$GRUNDY" solve mirror-board <<EOF
3 2
1 1
EOF
