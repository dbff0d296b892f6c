# 0.4 (the parity variant) described by survey, stats and plot over the same heaps 0..256 (the
# survey stops at its proof, 257 values): one mask, written alike, and one rare count among heaps
# 1..256.
tmp=$(mktemp -d) || exit 5
trap 'rm -rf "$tmp"' EXIT
"$GRUNDY" survey 0.4 --max-n 4096 --threads 1 -q --format tsv | sed -n 2p | cut -f1,8,10-12
"$GRUNDY" stats 0.4 --to 256 | sed -n '3,4p'
"$GRUNDY" stats 0.4 --to 256 --json | grep -o '"mask".*'
"$GRUNDY" plot 0.4 --to 256 -o "$tmp/p.svg"
grep -o 'rare: [^<]*' "$tmp/p.svg"
