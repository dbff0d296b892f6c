# A batch answers as the single queries do: 40 random ranges (seeded awk) for a rule with a
# proved period (0.07) and for one answered from prefix sums of computed values (4!.0).
awk 'BEGIN { srand(15); for (i = 0; i < 40; i++) { a = int(rand() * 3000); b = a + int(rand() * 3000); print a, b } }' >queries.tmp
for rule in 0.07 '4!.0'; do
    "$GRUNDY" count "$rule" --input queries.tmp --json >batch.tmp
    while read -r a b; do "$GRUNDY" count "$rule" --from "$a" --to "$b" --json; done <queries.tmp >single.tmp
    if cmp -s batch.tmp single.tmp; then echo "$rule: count agrees"; else echo "$rule: count differs"; fi
    cut -d' ' -f2 queries.tmp >heaps.tmp
    "$GRUNDY" value "$rule" --input heaps.tmp >batch.tmp
    while read -r n; do "$GRUNDY" value "$rule" "$n"; done <heaps.tmp >single.tmp
    if cmp -s batch.tmp single.tmp; then echo "$rule: value agrees"; else echo "$rule: value differs"; fi
done
rm -f queries.tmp batch.tmp single.tmp heaps.tmp
