#!/bin/sh
# SPDX-License-Identifier: MIT
# The completions that `grundy --bash-completion`, `--zsh-completion` and `--fish-completion`
# write, driven as the shells drive them: bash's _grundy with COMP_WORDS/COMP_CWORD set; zsh's
# _grundy with words/CURRENT set and compadd/_files stubbed; fish's `complete -C` on the line (zsh
# and fish only where they are installed). Usage: completion_test.sh GRUNDY
set -u
grundy=$1
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
"$grundy" --bash-completion >"$tmp/grundy.bash" || exit 1
"$grundy" --zsh-completion >"$tmp/_grundy" || exit 1
"$grundy" --fish-completion >"$tmp/grundy.fish" || exit 1
mkdir "$tmp/bin" && ln -s "$(cd "$(dirname "$grundy")" && pwd)/$(basename "$grundy")" "$tmp/bin/grundy"
failed=0
checked=0

# complete_bash WORD...: what bash offers for the last WORD (the one being completed).
complete_bash() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _grundy; echo "${COMPREPLY[*]}"' \
        _ "$tmp/grundy.bash" "$@"
}

# complete_zsh WORD...: the same through zsh's _grundy, with compadd and _files stubbed.
complete_zsh() {
    zsh -f -c 'compadd() { shift; local w; for w; do [[ $w == ${words[CURRENT]}* ]] && print -rn -- "$w "; done; }
               _files() { print -rn -- "@files "; }
               words=("$@"); CURRENT=$#; . "$0"' "$tmp/_grundy" "$@" | sed 's/ $//'
}

# complete_fish WORD...: what fish offers (its `complete -C` on the line), sorted as fish sorts.
complete_fish() {
    line=$(printf '%s ' "$@")
    line=${line% }
    [ -z "$(eval "printf '%s' \"\${$#}\"")" ] && line="$line "
    PATH="$tmp/bin:$PATH" fish -N -c 'source $argv[1]; complete -C $argv[2]' "$tmp/grundy.fish" \
        "$line" | tr '\n' ' ' | sed 's/ $//'
}

# expect SHELL WANT WORD...
expect() {
    shell=$1 want=$2
    shift 2
    got=$(complete_$shell "$@")
    checked=$((checked + 1))
    if [ "$shell" = fish ]; then # fish sorts what it offers
        want=$(printf '%s\n' $want | sort | tr '\n' ' ' | sed 's/ $//')
        got=$(printf '%s\n' $got | sort | tr '\n' ' ' | sed 's/ $//')
    fi
    if [ "$got" != "$want" ]; then
        echo "completion_test ($shell): '$*' offered '$got', expected '$want'" >&2
        failed=$((failed + 1))
    fi
}

check() {
    shell=$1
    expect "$shell" "values value" grundy val                   # commands
    expect "$shell" "play plot" grundy help pl                  # help: commands
    expect "$shell" "sequence-options" grundy help seq          # help: topics
    expect "$shell" "--format" grundy values kayles --fo        # options
    expect "$shell" "--freq" grundy plot kayles --fre
    expect "$shell" "--freq --from" grundy plot kayles --fr
    expect "$shell" "--from" grundy values kayles --to 9 --fr   # --format given: once
    expect "$shell" "" grundy values kayles --save f --to 3 --sa
    expect "$shell" "--spill" grundy values kayles --save f --s
    expect "$shell" "divisors" grundy solve div                 # solver games
    expect "$shell" "divisors pick mirror-board misere-piles heaps left-stack cram chomp node-kayles" \
        grundy solve ''
    expect "$shell" "kayles" grundy play kay                    # rule names
    expect "$shell" "dawson-kayles dawson-chess" grundy values daw
    expect "$shell" "naive" grundy count kayles --engine na     # engine values
    expect "$shell" "auto naive sparse" grundy stats kayles --engine ''
    expect "$shell" "bfile" grundy values kayles --format bf    # format values
    expect "$shell" "lines seed" grundy play nim --format ''
    expect "$shell" "md tsv" grundy survey '0.?' --format ''
    expect "$shell" "reverse" grundy solve cram 3 3 --method re
    expect "$shell" "sum" grundy nim s                          # nim's operations
    expect "$shell" "" grundy play kayles 3 ''                  # a heap: nothing fixed
    expect "$shell" "--threads" grundy play kayles 3 --thr      # the sequence's threads
    expect "$shell" "--threads" grundy verify kayles --thr
    expect "$shell" "--threads" grundy survey '0.?' --thr
}

check bash
# the files after an option that names one
touch "$tmp/some-file"
got=$(cd "$tmp" && complete_bash grundy values kayles --save some)
[ "$got" = "some-file" ] || { echo "completion_test (bash): --save some offered '$got'" >&2; failed=$((failed + 1)); }
if command -v zsh >/dev/null 2>&1; then
    check zsh
    got=$(complete_zsh grundy values kayles --save some)
    [ "$got" = "@files" ] || { echo "completion_test (zsh): --save offered '$got'" >&2; failed=$((failed + 1)); }
elif [ "${GRUNDY_REQUIRE_SHELLS:-0}" = 1 ]; then
    echo "completion_test: zsh is required here (apt-get install zsh)" >&2
    failed=$((failed + 1))
else
    echo "completion_test: zsh is not installed; its completion was not driven (bash only)"
fi
if command -v fish >/dev/null 2>&1; then
    check fish
elif [ "${GRUNDY_REQUIRE_SHELLS:-0}" = 1 ]; then
    echo "completion_test: fish is required here (apt-get install fish)" >&2
    failed=$((failed + 1))
else
    echo "completion_test: fish is not installed; its completion was not driven"
fi
echo "completion_test: $checked checks, $failed failed"
[ $failed -eq 0 ]
