# One rare/common labelling (grundy_stats_of_values / grundy_stats_compute) in stats, plot and
# survey: the same mask, in decimal, with the parity variant named, and the same rare heaps
# (1..N) counted. 4!.0 takes the plain labelling, 0.106 the parity variant. The plot names the
# split always but draws its rare points only where the space is sparse (rare heaps at most 10%):
# for 0.106 (15 of 300), not for 4!.0 (63 of 300).
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
for rule in '4!.0' 0.106; do
    "$GRUNDY" stats "$rule" --to 2000 | sed -n '3,4p'
    "$GRUNDY" stats "$rule" --to 2000 --json | grep -o '"mask".*'
    "$GRUNDY" survey "$rule" --max-n 2000 --threads 1 -q --format tsv | sed -n 2p | cut -f10-12
    "$GRUNDY" survey "$rule" --max-n 2000 --threads 1 -q --json | head -n 1 | grep -o '"mask"[^}]*'
    "$GRUNDY" plot "$rule" --to 2000 -o "$tmp/p.svg"
    grep -o 'rare: [^<]*' "$tmp/p.svg"
    "$GRUNDY" plot "$rule" --to 300 -o "$tmp/q.svg"
    echo "plot --to 300: $(grep -o 'class="rare"' "$tmp/q.svg" | wc -l) rare points"
    "$GRUNDY" stats "$rule" --to 300 --json | grep -o '"rare_count":[0-9]*'
done
