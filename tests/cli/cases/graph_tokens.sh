# Sums of tokens: one token on each listed vertex, a move moves one token. Vertex 0 has value
# infinity({1}) (a draw alone), 1 has 1, 2 has 0, 3 infinity({0}) (a win alone).
cat > tokens_graph.txt <<'IN'
4 5
0 0
0 1
1 2
3 2
3 3
IN
"$GRUNDY" graph tokens_graph.txt --sg
for t in "0" "0 1" "1 1" "1 2" "3" "3 1" "0 3" "2 2 2"; do
    echo "tokens $t:"
    "$GRUNDY" graph tokens_graph.txt --tokens $t
done
"$GRUNDY" graph tokens_graph.txt --tokens 0 1 --json
"$GRUNDY" graph tokens_graph.txt --tokens 4
echo "exit $?"
"$GRUNDY" graph tokens_graph.txt --tokens x
echo "exit $?"
rm -f tokens_graph.txt
