# Canonical forms and plain words for every form of the rule syntax.
for r in 0.07 .07 0.070 0.137 kayles KAYLES dawson-kayles dawson-chess grundy-game nim \
    '4!.0' '4.7' '0.f' '0.F' '0.8' 'G.0' '0.3!7!' '0.3[3]' '0.[33]' '0.1[21]' '0.3[0]' '0.[0]' \
    '0.1[23]' '0.[37!]' 's(5,2)' 'S(1-3,4)' 'S( 2 , 9-12 )' 'S(1-1000000000000000000)' 'S()' '.'; do
    "$GRUNDY" rule "$r" || echo "exit $?"
done
