# A windowed stream stopped by --memory: the window shrinks to make room for the engine's
# scratch, and the values the chunk hook has not seen yet must stay held, so the stop is the
# usual exit 4 with what to raise --memory to, and what was printed is exactly g(0..k).
# The scratch's size, and so the figure to raise to, differs between builds (Release, sanitized):
# the golden keeps the message with that figure as N, and checks it lies above the bound.
"$GRUNDY" values 0.034 --to 139065 --max-n 139065 --memory 157696 --threads 1 >got.txt 2>err.txt
echo "exit $?"
sed 's/at least [0-9]*$/at least N/' err.txt >&2
raise=$(sed -n 's/.*raise --memory to at least \([0-9]*\)$/\1/p' err.txt)
if [ "${raise:-0}" -gt 157696 ]; then echo "raise to more than 157696"; else echo "raise: '$raise'"; fi
k=$(wc -w <got.txt | tr -d ' ')
echo "printed $k values"
if [ "$("$GRUNDY" values 0.034 --to $((k - 1)) | cksum)" = "$(cksum <got.txt)" ]; then
    echo "same as g(0..$((k - 1)))"
else
    echo "DIFFER from g(0..$((k - 1)))"
fi
# sizes around it: each stops with the advice (exit 4), never an internal error
for m in 140000 150000 158208 158464 159232 160000 160256 165000 180000; do
    "$GRUNDY" values 0.034 --to 139065 --max-n 139065 --memory $m --threads 1 >/dev/null 2>err.txt
    rc=$?
    if [ $rc -eq 4 ] && grep -q 'raise --memory to at least' err.txt; then
        echo "memory $m: exit 4, raise --memory"
    else
        echo "memory $m: exit $rc: $(cat err.txt)"
    fi
done
rm -f got.txt err.txt
