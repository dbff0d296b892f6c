# JSON: counts, outcomes, remoteness (null for a draw), sg (an integer or {"inf": [...]}).
"$GRUNDY" graph --json --remoteness --sg <<'IN'
5 5
0 1
1 2
2 1
2 3
3 4
IN
"$GRUNDY" graph --json <<'IN'
2 1
0 1
IN
