printf '1 1\n2 0\n3 4\n' | "$GRUNDY" play 'S(1,2)' --misere --input - --json
