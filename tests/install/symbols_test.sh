#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library exports the public API and nothing else: every defined dynamic symbol must be
# a grundy_* function or object declared in include/grundy/. Usage: symbols_test.sh LIB INCLUDE_DIR
set -eu
lib=$1
inc=$2
syms=$(nm -D --defined-only "$lib" | awk '{ print $NF }')
[ -n "$syms" ] || { echo "symbols_test: no symbols in $lib" >&2; exit 1; }
bad=0
count=0
for s in $syms; do
    count=$((count + 1))
    case $s in
    grundy_*) grep -rqw -- "$s" "$inc" && continue ;;
    esac
    echo "symbols_test: $lib exports '$s', which is not public API" >&2
    bad=1
done
# And the other way: every function the headers declare with GRUNDY_API is exported.
declared=$(grep -hv '#define' "$inc"/*.h | tr '\n' ' ' | grep -o 'GRUNDY_API[^;(]*(' | grep -o '[a-z_0-9]*($' |
           tr -d '(')
for d in $declared; do
    echo "$syms" | grep -qx -- "$d" && continue
    echo "symbols_test: $d is declared GRUNDY_API but $lib does not export it" >&2
    bad=1
done
echo "symbols_test: $count symbols exported, $(echo "$declared" | wc -w) declared, checked"
exit $bad
