#!/bin/sh
# SPDX-License-Identifier: MIT
# Run an example on a seed's sample and compare its output with the expected one.
# Usage: run_sample.sh EXAMPLE INPUT EXPECTED
set -u
out=$("$1" <"$2")
rc=$?
if [ $rc -ne 0 ]; then
    echo "$1 < $2 exited with $rc" >&2
    exit 1
fi
if [ "$out" != "$(cat "$3")" ]; then
    echo "$1 < $2: got:" >&2
    echo "$out" >&2
    echo "expected:" >&2
    cat "$3" >&2
    exit 1
fi
