# play names a move's heap by its place in the position, from 0, in text and JSON alike (--help
# says so).
"$GRUNDY" play nim 1 2 4 6
"$GRUNDY" play nim 1 2 4 6 --json
"$GRUNDY" play --help | grep -A3 'A move names its heap'
