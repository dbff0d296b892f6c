#!/bin/sh
# An instance cut short is named at the line where it starts.
"$GRUNDY" solve left-stack <<EOF
3 1 1 1
2 1

EOF
