# play, verify and survey with --threads 1, 2 and 3 on random octal codes: the same answers
# (survey's rows but their seconds), whether the codes share the threads or each code's sequence
# gets them (a class of one code). The seed is printed; GRUNDY_TEST_SEED=X draws other codes, and
# a mismatch names the seed, the command and the code on stderr.
seed=${GRUNDY_TEST_SEED:-1}
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
# 20 codes 0.d1d2[d3], each with three heaps below 50000 (computed: no period needed) and one
# far heap (answered through the period when one is proved within --max-n, else refused the same
# way)
awk -v seed="$seed" 'BEGIN {
    srand(seed)
    for (i = 0; i < 20; i++) {
        code = "0."
        digits = 2 + int(rand() * 2)
        for (d = 0; d < digits; d++) code = code int(rand() * 8)
        printf "%s %d %d %d\n", code, int(rand() * 50000), int(rand() * 50000), int(rand() * 50000)
    }
}' >"$tmp/codes"
echo "seed $seed: $(wc -l <"$tmp/codes" | tr -d ' ') codes"
bad=0
differ() { # what, code: say it once
    echo "threads_commands: seed $seed: $1 differs between --threads 1 and --threads $2 for $3" >&2
    bad=1
}
while read -r code h1 h2 h3; do
    for t in 1 2 3; do
        "$GRUNDY" play "$code" "$h1" "$h2" "$h3" --max-n 50000 --json -q --threads $t \
            >"$tmp/play$t" 2>&1
        echo "exit $?" >>"$tmp/play$t"
        "$GRUNDY" play "$code" 1000000000000 "$h1" --max-n 50000 --json -q --threads $t \
            >"$tmp/far$t" 2>&1
        echo "exit $?" >>"$tmp/far$t"
        "$GRUNDY" verify "$code" --samples 40 --max-heap 14 --heaps 2 --max-n 50000 --naive-to 600 \
            --seed "$seed" --json --threads $t >"$tmp/verify$t" 2>&1
        echo "exit $?" >>"$tmp/verify$t"
        "$GRUNDY" survey "$code" --max-n 50000 --time-per-game 0 -q --format tsv --threads $t |
            cut -f1-13 >"$tmp/survey$t"
    done
    for what in play verify; do # heaps within --max-n, and the check: answered
        tail -n 1 "$tmp/${what}1" | grep -qx 'exit 0' || {
            echo "threads_commands: seed $seed: $what $code failed: $(head -n 1 "$tmp/${what}1")" >&2
            bad=1
        }
    done
    for t in 2 3; do
        for what in play far verify survey; do
            cmp -s "$tmp/${what}1" "$tmp/$what$t" || differ "$what" $t "$code"
        done
    done
done <"$tmp/codes"
# the class at once: across codes (20 codes, 1 to 3 threads)
cut -d' ' -f1 "$tmp/codes" >"$tmp/class"
for t in 1 2 3; do
    "$GRUNDY" survey "@$tmp/class" --max-n 50000 --time-per-game 0 -q --format tsv --threads $t |
        cut -f1-13 >"$tmp/class$t"
done
for t in 2 3; do
    cmp -s "$tmp/class1" "$tmp/class$t" || differ "survey of the class" $t "@FILE"
done
[ $bad -eq 0 ] && echo "play, verify and survey agree for --threads 1, 2 and 3"
exit $bad
