#!/bin/sh
# SPDX-License-Identifier: MIT
# Every cell of Beling's published Cram table (tests/data/cram_beling.txt) through
# `grundy solve cram`, each with a time limit, one thread unless THREADS says otherwise: the
# nimber, whether it matches, wall and user CPU seconds, peak memory and positions searched.
# Cells past the limit print TIMEOUT. CELLS (a grep pattern, e.g. "[0-9]$" for the published cells alone) picks lines.
# Usage: bench/cram_table.sh GRUNDY [LIMIT_SECONDS [MAX_BYTES]]
set -u
grundy=$1
limit=${2:-600}
bytes=${3:-4294967296}
threads=${THREADS:-1}
data=$(dirname "$0")/../tests/data/cram_beling.txt
printf 'board  published  searched  seconds  cpu_s  peak_MiB  positions\n'
grep -v '^#' "$data" | grep "${CELLS:-.}" | while read -r rows cols nimber; do
    out=$( { /usr/bin/time -f '%e %U %M' timeout "$limit" "$grundy" solve cram "$rows" "$cols" \
        --json --threads "$threads" --max-bytes "$bytes"; } 2>&1)
    rc=$?
    json=$(printf '%s\n' "$out" | grep '^{')
    tm=$(printf '%s\n' "$out" | tail -1)
    secs=${tm%% *}
    kib=${tm##* }
    cpu=${tm#* }
    cpu=${cpu% *}
    if [ -z "$json" ]; then
        printf '%sx%s  %s  TIMEOUT(exit %s)  >%s  -  -  -\n' "$rows" "$cols" "$nimber" "$rc" "$limit"
        continue
    fi
    value=$(printf '%s' "$json" | sed 's/.*"value":\([0-9]*\).*/\1/')
    positions=$(printf '%s' "$json" | sed 's/.*"positions":\([0-9]*\).*/\1/')
    mark=$([ "$nimber" = "?" ] && echo "NEW" || { [ "$value" = "$nimber" ] && echo ok || echo WRONG; })
    printf '%sx%s  %s  %s %s  %s  %s  %s  %s\n' "$rows" "$cols" "$nimber" "$value" "$mark" "$secs" \
        "$cpu" $((kib / 1024)) "$positions"
done
