#!/bin/sh
# A checkpoint: the second run reads the first's table and searches nothing
d=$(mktemp -d) || exit 5
trap 'rm -rf "$d"' EXIT
"$GRUNDY" solve cram 4 5 --checkpoint "$d/c.nt" --threads 1 --max-bytes 8388608 >/dev/null
"$GRUNDY" solve cram 4 5 --checkpoint "$d/c.nt" --threads 1 --max-bytes 8388608 --json |
    sed 's/.*"value":\([0-9]*\).*"resumed_entries":\([0-9]*\).*/value \1, resumed \2/'
"$GRUNDY" solve cram 5 4 --checkpoint "$d/c.nt" --threads 1 --max-bytes 8388608 2>&1 | sed "s|$d|DIR|"
