# Misere play past the search's limits: Kayles 100000 + 100000 is answered through its misere
# quotient's proved period; Grundy's game (splits without removing a token: no proof)
# still ends at the search's limit with exit 4.
"$GRUNDY" play kayles 100000 100000 --misere
echo "exit $?"
"$GRUNDY" play grundy-game 100000 100000 --misere
