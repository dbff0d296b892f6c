#!/bin/sh
"$GRUNDY" solve mirror-board <<EOF
3 1
2 4
EOF
