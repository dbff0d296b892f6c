# Common mistakes are answered with one line that says what was probably meant.
"$GRUNDY" values kayles 11               # --to forgotten
echo "exit $?"
"$GRUNDY" stats 0.6 1000                 # --to forgotten
echo "exit $?"
"$GRUNDY" count 0.07 1000000             # --to forgotten
echo "exit $?"
"$GRUNDY" play 3 4 5                     # the rule forgotten: a heap where the rule goes
echo "exit $?"
"$GRUNDY" values 11 --to 3               # a heap where the rule goes
echo "exit $?"
"$GRUNDY" value 0.6 1e12                 # scientific notation
echo "exit $?"
"$GRUNDY" count kayles --to '10^18'
echo "exit $?"
"$GRUNDY" --json values kayles --to 3    # options before the command
echo "exit $?"
"$GRUNDY" -q stats                       # an option before the command, no command at all
echo "exit $?"
"$GRUNDY" kayles                         # a rule where the command goes
echo "exit $?"
