#!/bin/sh
# SPDX-License-Identifier: MIT
# grundy-mpi on 1, 2 and 3 ranks against the one-process solver (grundy_solve and
# grundy_solution_save_game through --one-process): every built-in game's table file, byte for
# byte, and the answer printed; and grundy solve --load takes grundy-mpi's tables as the game they
# describe, and refuses them for another. Usage: mpi_tables.sh GRUNDY_MPI MPIEXEC GRUNDY
set -u
mpi=$1
mpiexec=$2
grundy=$3
# we run as root in CI and containers; Open MPI refuses that without these
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
board='4 2
1 1
4 4
'
failed=0
checked=
check() { # NAME ARGS...: reference, then 1..3 ranks
    name=$1
    shift
    checked="$checked $1"
    printf '%s' "$board" | "$mpi" solve "$@" --one-process --save "$tmp/ref.sv" >"$tmp/ref.out" ||
        { echo "FAIL $name: the one-process reference failed"; failed=1; return; }
    for k in 1 2 3; do
        printf '%s' "$board" | "$mpiexec" --oversubscribe --allow-run-as-root -np $k "$mpi" solve "$@" \
            --save "$tmp/mpi.sv" >"$tmp/mpi.out" 2>"$tmp/mpi.err"
        rc=$?
        if [ $rc -ne 0 ] || ! cmp -s "$tmp/ref.sv" "$tmp/mpi.sv" || ! cmp -s "$tmp/ref.out" "$tmp/mpi.out"; then
            echo "FAIL $name on $k ranks (exit $rc): the table or the answer differs"
            cat "$tmp/mpi.err"
            failed=1
        else
            echo "ok   $name on $k ranks: $(cat "$tmp/mpi.out"), $(wc -c <"$tmp/mpi.sv") bytes"
        fi
        rm -f "$tmp/mpi.sv"
    done
}
check divisors divisors 13
check pick pick 5 1 9 2 7 7 3 8 4 6 2
check misere-piles misere-piles 40 57
check left-stack left-stack 3 9 8 7
check heaps heaps 0.77 7 5 4
check heaps-misere heaps 4.7 6 5 --misere
check mirror-board mirror-board
# the searched games have no table to share out: grundy-mpi refuses them (exit 3)
for g in cram chomp node-kayles; do
    "$mpi" solve $g 3 4 </dev/null >/dev/null 2>"$tmp/refuse.err"
    rc=$?
    if [ $rc -ne 3 ]; then
        echo "FAIL $g: grundy-mpi exit $rc (want 3, a searched game)"
        failed=1
    else
        echo "ok   $g: refused by grundy-mpi ($(cat "$tmp/refuse.err"))"
    fi
    checked="$checked $g"
done
# every game of the registry (cli/solve_registry.c), as solve lists them, is checked above
games=$("$grundy" solve '?' 2>&1 | sed -n "s/.*unknown game '?' (\(.*\))$/\1/p" | tr -d ',')
[ -n "$games" ] || { echo "FAIL: no list of games from grundy solve"; failed=1; }
for g in $games; do
    case " $checked " in
    *" $g "*) ;;
    *) echo "FAIL $g: a game of the registry that this script does not check"; failed=1 ;;
    esac
done
# grundy solve --load: the table grundy-mpi wrote says which game it is
loads() { # EXIT ARGS...: grundy solve ARGS --load the table of `heaps 0.77 7 5 4` from 2 ranks
    want=$1
    shift
    "$grundy" solve "$@" --load "$tmp/h.sv" >"$tmp/load.out" 2>"$tmp/load.err"
    rc=$?
    if [ $rc -ne "$want" ]; then
        echo "FAIL solve $* --load a grundy-mpi table: exit $rc (want $want)"
        cat "$tmp/load.err"
        failed=1
    else
        echo "ok   solve $* --load a grundy-mpi table: exit $rc $(cat "$tmp/load.out")"
    fi
}
"$mpiexec" --oversubscribe --allow-run-as-root -np 2 "$mpi" solve heaps 0.77 7 5 4 --save "$tmp/h.sv" \
    >"$tmp/h.out" || { echo "FAIL heaps on 2 ranks with --save"; failed=1; }
loads 0 heaps 0.77 7 5 4
if ! cmp -s "$tmp/h.out" "$tmp/load.out"; then
    echo "FAIL solve --load answered '$(cat "$tmp/load.out")', grundy-mpi '$(cat "$tmp/h.out")'"
    failed=1
fi
loads 3 heaps 0.77 7 5 3
loads 3 heaps 0.77 7 5 4 --misere
# a refusal is one line from rank 0 (mpirun adds its own) and the same exit code
"$mpiexec" --oversubscribe --allow-run-as-root -np 2 "$mpi" solve divisors 31 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 3 ] || [ "$(grep -c '^grundy solve: ' "$tmp/err")" -ne 1 ]; then
    echo "FAIL divisors 31 on 2 ranks: exit $rc (want 3), stderr:"
    cat "$tmp/err"
    failed=1
fi
exit $failed
