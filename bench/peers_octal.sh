#!/bin/sh
# SPDX-License-Identifier: MIT
# grundy's sparse engine side by side with three octal-game solvers from other authors: user
# CPU, wall and peak memory of each run, the tools alternating in every round, then medians,
# spreads and the ratios grundy/peer, per core (grundy --threads 1 against the peer, user
# CPU) and on all cores (grundy --threads $(nproc) against the peer, wall; no peer has
# threads, so its one-thread run is its all-cores figure).
#   sh bench/peers_octal.sh GRUNDY OGSOLVE OCTAL TCZAJKA_DIR [ROUNDS]
# OGSOLVE: Beling's ogsolve; OCTAL: rogalski's octal solver; TCZAJKA_DIR: a folder holding
# tczajka's old/src analyze program built as analyzeK for each K it is given (it computes
# 2^K values unless it proves a period first, see below). A peer given as "-" is skipped.
# CASES (names below) picks cases; N6 (0.6 and Grundy's game, default 22), N167 (default 25)
# and N1777 (default 23) set the powers of two of the "values" cases.
#
# What each tool computes, made equal here:
#   - "values" cases: the values of heaps 0 .. 2^K - 1, then the value of the last heap
#     (grundy values --from M --to M --max-n M with M = 2^K - 1; ogsolve -m rc -n M; octal
#     CODE 2^K; tczajka's analyzeK, which stops at 2^K values). The last value is compared
#     between the tools; tczajka's largest value and its first heap are compared with
#     `grundy stats` on the same heaps.
#   - "period" cases: grundy period CODE (doubling rounds until the Guy-Smith bound proves
#     the period) against tczajka's analyze28, which doubles likewise and proves the period
#     with the same bound; ogsolve and octal, which do not stop at a period, compute as many
#     values as grundy did (its values_computed) and report the period they observe there.
#
# This script downloads and builds nothing. How the peers were built (outside the
# repository, offline; never commit their code; docs/benchmarks.md lists every change):
#   - ogsolve: github:beling/impartial-games at 07a34e68e2f298d2bb8905167d61777cdbdfb9cf,
#     the ogs library has no dependencies and ogsolve needs only clap (Debian's
#     librust-clap-dev 4.0.32 through a directory source replacing crates-io);
#     RUSTFLAGS="-C target-cpu=native" cargo build --release -p ogsolve (its README's flags).
#     Method rc (the fastest of rc, rc2, rcs, rc2s on 0.6 here).
#   - octal: github:rogalski-wmii-uni-lodz-pl/octal at 9841c1ed7eeabecab2ffbdca5798fb175bd0172d;
#     cfg-if, glob, phf, serde and serde_json from Debian; bitvec (not in Debian) replaced by a
#     ten-line local crate providing the one macro its start-up code uses; built with
#     --features nimber_u8,bits_u128 (its 8-bit values and 128-bit mex sets, the fastest of its
#     own options), so only codes whose values stay below 128 can run (0.167, 0.1777, 0.354).
#   - tczajka: github:tczajka/octal-games at 57e893a908ed2c0b1b2baa0e83a5a2a7698316ec, the C++
#     program in old/ (the Rust one there is empty), g++ -O2 -std=c++11 as its Makefile says,
#     with its fixed limit of 2^28 values turned into -DMAXN_LOG=K.
set -eu
grundy=$1
ogs=$2
octal=$3
tcz=$4
rounds=${5:-3}
cores=$(nproc)
cases=${CASES-0.6 grundy-game 0.167 0.1777 0.354 0.376}
n6=${N6-22}
n167=${N167-25}
n1777=${N1777-23}
if [ ! -x "$grundy" ]; then
    echo "peers_octal.sh: $grundy is not an executable" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
spread() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'; }

# run KEY COMMAND...: one timed run; "user wall KiB" appended to $tmp/KEY, output in $tmp/KEY.out.
run() {
    key=$1
    shift
    /usr/bin/time -f '%U %e %M' -o "$tmp/t" "$@" >"$tmp/$key.out" 2>&1
    cat "$tmp/t" >>"$tmp/$key"
    echo "  $key: $(awk '{ printf "%s s user, %s s wall, %d MiB", $1, $2, $3 / 1024 }' "$tmp/t")"
}

# stat KEY FIELD: median of a field (1 user, 2 wall, 3 KiB); spread KEY FIELD likewise.
med() { cut -d' ' -f"$2" "$tmp/$1" | median; }
spr() { cut -d' ' -f"$2" "$tmp/$1" | spread; }

# summary CASE KEYS...: one RESULT line per tool, then the ratios against grundy.
summary() {
    c=$1
    shift
    for k in "$@"; do
        echo "RESULT $c $k: user $(med "$k" 1) ($(spr "$k" 1)) wall $(med "$k" 2) ($(spr "$k" 2)) $(($(med "$k" 3) / 1024)) MiB"
    done
    g1u=$(med grundy.t1 1)
    gaw=$(med "grundy.t$cores" 2)
    for k in "$@"; do
        case $k in grundy.*) continue ;; esac
        awk -v c="$c" -v k="$k" -v a="$g1u" -v b="$(med "$k" 1)" -v w="$gaw" -v x="$(med "$k" 2)" 'BEGIN {
            u = "-"; v = "-"
            if (b > 0) u = sprintf("%.2f", a / b)
            if (x > 0) v = sprintf("%.2f", w / x)
            printf "RATIO %s grundy/%s: per core (user, 1 thread) %s, all cores (wall) %s\n", c, k, u, v }'
    done
}

# same WHAT MINE THEIRS: a disagreement is reported and makes the script exit 1 at the end.
disagreed=0
same() {
    if [ "$2" != "$3" ]; then
        echo "  ANSWERS DISAGREE on $1: '$2' against '$3'" >&2
        disagreed=1
        return 0
    fi
    echo "  $1: $2 (agree)"
}

# values CASE CODE K TCZ_NAME USE_OGS USE_OCTAL: 2^K values.
values() {
    c=$1 code=$2 k=$3 tname=$4 use_ogs=$5 use_octal=$6
    m=$(((1 << k) - 1))
    rm -f "$tmp"/grundy.* "$tmp"/ogs* "$tmp"/octal* "$tmp"/tczajka*
    echo "$c: heaps 0..$m"
    keys="grundy.t1"
    [ "$cores" -gt 1 ] && keys="$keys grundy.t$cores"
    [ "$use_ogs" = yes ] && [ "$ogs" != - ] && keys="$keys ogsolve"
    [ "$use_octal" = yes ] && [ "$octal" != - ] && keys="$keys octal"
    [ "$tcz" != - ] && [ -x "$tcz/analyze$k" ] && keys="$keys tczajka"
    for _ in $(seq "$rounds"); do
        for key in $keys; do
            case $key in
            grundy.t*) run "$key" "$grundy" values "$code" --from $m --to $m --max-n $m --threads "${key#grundy.t}" ;;
            ogsolve) run ogsolve "$ogs" "$code" -m rc -n $m ;;
            octal) run octal "$octal" "$code" $((m + 1)) ;;
            tczajka) run tczajka "$tcz/analyze$k" "$tname" ;;
            esac
        done
    done
    last=$(cat "$tmp/grundy.t1.out")
    [ "$cores" -gt 1 ] && same "$c grundy threads 1 and $cores" "$last" "$(cat "$tmp/grundy.t$cores.out")"
    case " $keys " in *" ogsolve "*)
        same "$c g($m) grundy/ogsolve" "$last" "$(sed -n "s/^ nimber of $m: \([0-9]*\) .*/\1/p" "$tmp/ogsolve.out")" ;;
    esac
    case " $keys " in *" octal "*)
        same "$c g($m) grundy/octal" "$last" "$(sed -n "s/.*G($m) = \([0-9]*\).*/\1/p" "$tmp/octal.out" | tail -1)" ;;
    esac
    case " $keys " in *" tczajka "*)
        json=$("$grundy" stats "$code" --to $m --json)
        mine="$(echo "$json" | sed 's/.*"max_value":\([0-9]*\),"max_value_heap":\([0-9]*\).*/G[\2]=\1/')"
        theirs="$(sed -n 's/^n=2^[0-9]* largest \(G\[[0-9]*\]=[0-9]*\).*/\1/p' "$tmp/tczajka.out" | tail -1)"
        same "$c largest value grundy/tczajka" "$mine" "$theirs" ;;
    esac
    # shellcheck disable=SC2086 # $keys is a list of words
    summary "$c" $keys
}

# period CASE CODE USE_OCTAL: grundy and tczajka's analyze28 prove the period; ogsolve and
# octal compute the values grundy computed (heaps 0 .. values_computed - 1).
period() {
    c=$1 code=$2 use_octal=$3
    rm -f "$tmp"/grundy.* "$tmp"/ogs* "$tmp"/octal* "$tmp"/tczajka*
    "$grundy" period "$code" --json >"$tmp/first"
    m=$(($(sed 's/.*"values_computed":\([0-9]*\).*/\1/' "$tmp/first") - 1))
    echo "$c: period proved (grundy, tczajka); ogsolve and octal to heap $m"
    keys="grundy.t1"
    [ "$cores" -gt 1 ] && keys="$keys grundy.t$cores"
    [ "$ogs" != - ] && keys="$keys ogsolve"
    [ "$use_octal" = yes ] && [ "$octal" != - ] && keys="$keys octal"
    [ "$tcz" != - ] && keys="$keys tczajka"
    for _ in $(seq "$rounds"); do
        for key in $keys; do
            case $key in
            grundy.t*) run "$key" "$grundy" period "$code" --json --threads "${key#grundy.t}" ;;
            ogsolve) run ogsolve "$ogs" "$code" -m rc -n $m ;;
            octal) run octal "$octal" "$code" $((m + 1)) ;;
            tczajka) run tczajka "$tcz/analyze28" "$code" ;;
            esac
        done
    done
    j=$(cat "$tmp/grundy.t1.out")
    mine=$(echo "$j" | sed 's/.*"preperiod":\([0-9]*\),"period":\([0-9]*\).*/\1 \2/')
    echo "  grundy: $j"
    [ "$cores" -gt 1 ] && same "$c grundy threads 1 and $cores" "$j" "$(cat "$tmp/grundy.t$cores.out")"
    case " $keys " in *" ogsolve "*)
        same "$c period grundy/ogsolve" "$mine" "$(sed -n 's/^ found period of length \([0-9]*\) and pre-period \([0-9]*\)/\2 \1/p' "$tmp/ogsolve.out")" ;;
    esac
    case " $keys " in *" octal "*)
        same "$c period grundy/octal" "$mine" "$(awk '/^period start:/ { s = $3 } /^period:/ { p = $2 } END { print s, p }' "$tmp/octal.out")" ;;
    esac
    case " $keys " in *" tczajka "*)
        same "$c period grundy/tczajka" "$mine" "$(sed -n 's/^Found period start=\([0-9]*\) period=\([0-9]*\).*/\1 \2/p' "$tmp/tczajka.out")" ;;
    esac
    # shellcheck disable=SC2086 # $keys is a list of words
    summary "$c" $keys
}

echo "machine: $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u)"
echo "grundy: $grundy ($("$grundy" version 2>/dev/null || echo unknown)); ogsolve: $ogs; octal: $octal; tczajka: $tcz"
for c in $cases; do
    case $c in
    0.6) values 0.6 0.6 "$n6" 0.6 yes no ;;
    grundy-game) values grundy-game '4!.0' "$n6" grundy no no ;;
    0.167) values 0.167 0.167 "$n167" 0.167 yes yes ;;
    0.1777) values 0.1777 0.1777 "$n1777" 0.1777 yes yes ;;
    0.354) period 0.354 0.354 yes ;;
    0.376) period 0.376 0.376 no ;;
    *)
        echo "peers_octal.sh: unknown case $c" >&2
        exit 2
        ;;
    esac
done
echo "done: load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u)"
exit $disagreed
