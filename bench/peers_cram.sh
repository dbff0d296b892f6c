#!/bin/sh
# SPDX-License-Identifier: MIT
# grundy's nimber search side by side with Beling's igsolve on Cram and Chomp: user CPU, wall
# and peak memory of each run, alternating the two tools in every round, then the medians and
# the ratio grundy/igsolve. Every nimber is checked: Cram against Beling's published table
# (tests/data/cram_beling.txt), Chomp between the two tools (both play the normal-play form
# in which the poisoned corner is never taken, so 1 x 1 has nimber 0).
#   sh bench/peers_cram.sh PATH/TO/grundy PATH/TO/igsolve [ROUNDS [THREADS]]
# ROUNDS defaults to 3; THREADS (grundy's --threads) to 1. igsolve has no threads. CRAM and
# CHOMP (lists of ROWSxCOLS) replace the default boards; IGSOLVE_ONLY lists Cram boards that
# only igsolve runs (once), for boards grundy does not finish in minutes.
#
# This script downloads and builds nothing. How igsolve was built (outside the repository,
# offline; never commit its code): igsolve is in github:beling/impartial-games, fetched at
# 07a34e68e2f298d2bb8905167d61777cdbdfb9cf (2025-11-14). Its library igs needs Beling's crates
# ph, csf, bitm, binout, dyn_size_of, seedable_hash, minimum_redundancy and fsum, taken from
# github:beling/bsuccinct-rs at eeedbce79d01a441b365248fe8179556ef9f4a78 (2025-09-14, where ph
# is 0.10 as igs asks), plus co_sort (github:leudz/co_sort 09ceeac), cpu-time
# (github:tailhook/cpu-time d36927e) and wyhash 0.5.0 (github:eldruin/wyhash-rs tag v0.5.0),
# all as path dependencies; clap 4.0.32, arrayvec, libc, rayon and rand_core come from
# Debian's librust-*-dev packages (/usr/share/cargo/registry, named as the crates-io
# replacement in a .cargo/config.toml beside the checkouts). docs/benchmarks.md lists every
# change made to build it that way; none touches the solver's code. Built with
# RUSTFLAGS="-C target-cpu=native" cargo build --release -p igsolve, as its README says.
set -eu
grundy=$1
igsolve=$2
rounds=${3:-3}
threads=${4:-1}
cram=${CRAM-4x5 4x7 5x5 5x6 4x9 5x7}
chomp=${CHOMP-6x10 7x11 7x12}
igsolve_only=${IGSOLVE_ONLY-}
data=$(dirname "$0")/../tests/data/cram_beling.txt
for tool in "$grundy" "$igsolve"; do
    if [ ! -x "$tool" ]; then
        echo "peers_cram.sh: $tool is not an executable" >&2
        exit 2
    fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
spread() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'; }

# run KEY COMMAND...: one timed run; "user wall KiB" appended to $tmp/KEY, the nimber (the
# first number the tool prints as the answer) to $tmp/KEY.value.
run() {
    key=$1
    shift
    /usr/bin/time -f '%U %e %M' -o "$tmp/t" "$@" >"$tmp/out" 2>&1
    cat "$tmp/t" >>"$tmp/$key"
    case $key in
    igsolve.*) sed -n 's/^Nimber of initial position: \([0-9]*\).*/\1/p' "$tmp/out" >"$tmp/$key.value" ;;
    *) head -1 "$tmp/out" >"$tmp/$key.value" ;;
    esac
    echo "  $key: $(cat "$tmp/$key.value")  $(awk '{ printf "%s s user, %s s wall, %d MiB", $1, $2, $3 / 1024 }' "$tmp/t")"
}

# report GAME BOARD EXPECTED: medians, spreads, the ratio, and the nimbers' check.
report() {
    game=$1
    board=$2
    expected=$3
    g=grundy.$game.$board
    i=igsolve.$game.$board
    gv=$(cat "$tmp/$g.value")
    iv=$(cat "$tmp/$i.value")
    if [ "$gv" != "$iv" ] || { [ -n "$expected" ] && [ "$gv" != "$expected" ]; }; then
        echo "  NIMBERS DISAGREE on $game $board: grundy $gv, igsolve $iv, published ${expected:--}" >&2
        exit 1
    fi
    gu=$(cut -d' ' -f1 "$tmp/$g" | median)
    iu=$(cut -d' ' -f1 "$tmp/$i" | median)
    gw=$(cut -d' ' -f2 "$tmp/$g" | median)
    iw=$(cut -d' ' -f2 "$tmp/$i" | median)
    gm=$(cut -d' ' -f3 "$tmp/$g" | median)
    im=$(cut -d' ' -f3 "$tmp/$i" | median)
    echo "RESULT $game $board nimber $gv${expected:+ (published $expected)}:" \
        "grundy user $gu ($(cut -d' ' -f1 "$tmp/$g" | spread)) wall $gw ($(cut -d' ' -f2 "$tmp/$g" | spread)) $((gm / 1024)) MiB;" \
        "igsolve user $iu ($(cut -d' ' -f1 "$tmp/$i" | spread)) wall $iw ($(cut -d' ' -f2 "$tmp/$i" | spread)) $((im / 1024)) MiB;" \
        "$(awk -v a="$gu" -v b="$iu" -v c="$gw" -v d="$iw" 'BEGIN {
            u = "inf"; w = "inf"
            if (b > 0) u = sprintf("%.1f", a / b)
            if (d > 0) w = sprintf("%.1f", c / d)
            printf "grundy/igsolve user %s, wall %s", u, w }')"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u)"
echo "grundy: $grundy ($("$grundy" version 2>/dev/null || echo unknown)), --threads $threads"
echo "igsolve: $igsolve ($("$igsolve" --version 2>/dev/null || echo unknown))"
for board in $cram; do
    rows=${board%x*}
    cols=${board#*x}
    expected=$(grep -v '^#' "$data" | awk -v r="$rows" -v c="$cols" '$1 == r && $2 == c { print $3 }')
    echo "cram $board"
    for _ in $(seq "$rounds"); do
        run "grundy.cram.$board" "$grundy" solve cram "$rows" "$cols" --threads "$threads"
        run "igsolve.cram.$board" "$igsolve" cram "$rows" "$cols"
    done
    report cram "$board" "$expected"
done
for board in $chomp; do
    rows=${board%x*}
    cols=${board#*x}
    echo "chomp $board"
    for _ in $(seq "$rounds"); do
        run "grundy.chomp.$board" "$grundy" solve chomp "$rows" "$cols" --threads "$threads"
        run "igsolve.chomp.$board" "$igsolve" chomp -r "$rows" -c "$cols"
    done
    report chomp "$board" ""
done
for board in $igsolve_only; do
    rows=${board%x*}
    cols=${board#*x}
    expected=$(grep -v '^#' "$data" | awk -v r="$rows" -v c="$cols" '$1 == r && $2 == c { print $3 }')
    echo "cram $board (igsolve only, default table; --tt hash-map for boards over 40 cells)"
    run "igsolve.cram.$board" "$igsolve" --tt hash-map cram "$rows" "$cols"
    v=$(cat "$tmp/igsolve.cram.$board.value")
    echo "RESULT cram $board igsolve only: nimber $v (published ${expected:--}) $(awk '{ printf "user %s wall %s %d MiB", $1, $2, $3 / 1024 }' "$tmp/igsolve.cram.$board")"
done
echo "done: load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u)"
