# One limit everywhere: heaps, --to and set bounds go to 2^63 - 1, and every help page says so
# the same way (none says 10^18, which the tool exceeds).
pages=$("$GRUNDY" help | awk '/^Commands:/ { on = 1; next } on && /^$/ { on = 0 } on { print $1 }')
topics=$("$GRUNDY" help topics | awk '/^  / { print $1 }')
for page in $pages $topics; do
    "$GRUNDY" help "$page" | grep -n '10^18' | sed "s/^/$page: /"
done
"$GRUNDY" help | grep -o '[^.]*2^63 - 1[^.]*'
"$GRUNDY" help value | grep -o 'N up to 2^63 - 1'
"$GRUNDY" help rules | grep -o 'bounds up to 2^63 - 1'
