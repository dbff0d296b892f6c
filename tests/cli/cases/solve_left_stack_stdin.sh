#!/bin/sh
# The seed's input format on stdin: one line "m a b c".
"$GRUNDY" solve left-stack <<EOF
3 1 1 1
EOF
