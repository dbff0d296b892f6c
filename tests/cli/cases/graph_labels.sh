# Outcomes, remoteness and generalized Sprague-Grundy values together, from a file and stdin:
# line 1 W/L/D, then remoteness ('-' for a draw), then the values (inf{K} for infinity(K)).
# The graph: a chain 0->1->2->3 (remoteness 3..0); a 2-cycle 4<->5 with an exit 5->3, so 5 wins
# by moving to 3 and 4, whose only move goes to 5, loses; a self-loop at 6 with an exit to 3
# (infinity({0}), a win); and a multi-edge 7->3 twice.
cat > g.txt <<'IN'
8 9
0 1
1 2
2 3
4 5
5 4
5 3
6 6
6 3
7 3
IN
"$GRUNDY" graph g.txt --remoteness --sg
echo "exit $?"
"$GRUNDY" graph --sg - < g.txt
echo "exit $?"
"$GRUNDY" graph g.txt --remoteness
echo "exit $?"
rm -f g.txt
