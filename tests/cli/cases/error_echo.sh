# Input echoed in an error line: control bytes are escaped (\xNN) and long text is cut. A long
# rule shows the 60 bytes around the position (a 100 KB rule was echoed whole); any other long
# line is cut in its middle.
"$GRUNDY" rule "0.$(printf '%01000d' 0 | tr 0 7)x77777"
"$GRUNDY" rule "$(printf '0.\033[31mred')"
"$GRUNDY" "$(printf 'x\ty')"
"$GRUNDY" help "$(printf 'a\rb')"
"$GRUNDY" values 0.07 --to "$(printf '%01000d' 9 | tr 0 9)"
"$GRUNDY" play 0.07 "$(printf '1\n2')"
echo "exit $?"
