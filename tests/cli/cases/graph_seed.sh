# The seed's sample (problem set, problem 5): a token on a directed graph prints DDDWL.
"$GRUNDY" graph <<'IN'
5 5
0 1
1 2
2 1
2 3
3 4
IN
