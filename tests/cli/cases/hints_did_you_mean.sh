# Did you mean: commands, help topics, options, games, rule names and operations, by edit
# distance; nothing is suggested when nothing is close.
"$GRUNDY" valeu
"$GRUNDY" plya nim 1 2
"$GRUNDY" frobnicate
"$GRUNDY" --verison
"$GRUNDY" help sequense-options
"$GRUNDY" help topic
"$GRUNDY" values kayles --ot 3
"$GRUNDY" values kayles --to 3 --form json
"$GRUNDY" play nim 1 2 --mizere
"$GRUNDY" period kayles -json
"$GRUNDY" period kayles --zzzzzz
"$GRUNDY" solve divisor 3
"$GRUNDY" solve nodekayles
"$GRUNDY" rule kaylse
"$GRUNDY" values dawson-kayle --to 3
"$GRUNDY" play Grundy-Gam 7
"$GRUNDY" nim summ 1 2
echo "exit $?"
