#!/bin/sh
# SPDX-License-Identifier: MIT
# Golden test harness for the grundy tool.
#   golden.sh GRUNDY CASE.sh            run one case and compare stdout, stderr and the exit code
#   golden.sh --update GRUNDY CASE.sh   run it and rewrite CASE.stdout, CASE.stderr, CASE.exit
# A case is a shell script that runs "$GRUNDY" (with any stdin it needs, from a here-document).
set -u
update=0
if [ "${1:-}" = "--update" ]; then
    update=1
    shift
fi
if [ $# -ne 2 ]; then
    echo "usage: golden.sh [--update] GRUNDY CASE.sh" >&2
    exit 2
fi
GRUNDY=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
case_file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
base=${case_file%.sh}
export GRUNDY
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
(cd "$(dirname "$case_file")" && sh "$case_file") >"$tmp/stdout" 2>"$tmp/stderr" </dev/null
echo $? >"$tmp/exit"
if [ $update -eq 1 ]; then
    for part in stdout stderr exit; do
        cp "$tmp/$part" "$base.$part"
    done
    echo "updated $base"
    exit 0
fi
status=0
for part in stdout stderr exit; do
    if [ ! -f "$base.$part" ]; then
        echo "missing golden $base.$part (run with --update to create it)" >&2
        status=1
    elif ! diff -u "$base.$part" "$tmp/$part" >&2; then
        echo "$part differs for $case_file" >&2
        status=1
    fi
done
exit $status
