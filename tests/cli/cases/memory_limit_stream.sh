# A windowed stream stopped by --memory: the window shrinks to make room for the engine's
# scratch, and the values the chunk hook has not seen yet must stay held, so the stop is the
# usual exit 4 with what to raise --memory to, and what was printed is exactly g(0..k).
# Where the run stops depends on timing: the chunks between the hook's calls adapt to the clock,
# and the values the hook has not seen stay held. So the stop is one of two messages (the window
# and scratch pass the bound, or an option reaches a dropped value), the heap and the figure to
# raise to vary between runs and builds: the golden keeps the message's kind, checks the figure
# lies above the bound and that what was printed is exactly g(0..k) for the k it stopped at.
"$GRUNDY" values 0.034 --to 139065 --max-n 139065 --memory 157696 --threads 1 >got.txt 2>err.txt
echo "exit $?"
if grep -qE '^grundy values: (0\.034: the values kept and the engine.s scratch pass --memory 157696 at heap [0-9]+|heap [0-9]+ of 0\.034 needs g\([0-9]+\), which --memory 157696 does not keep \(it holds g\(0\.\.[0-9]+\) and g\([0-9]+\.\.[0-9]+\)\)); raise --memory to at least [0-9]+$' err.txt &&
    [ "$(wc -l <err.txt)" -eq 1 ]; then
    echo "one line: where it stopped, raise --memory to at least a figure"
else
    cat err.txt
fi
raise=$(sed -n 's/.*raise --memory to at least \([0-9]*\)$/\1/p' err.txt)
if [ "${raise:-0}" -gt 157696 ]; then echo "raise to more than 157696"; else echo "raise: '$raise'"; fi
k=$(wc -w <got.txt | tr -d ' ')
if [ "$k" -gt 1000 ] && [ "$k" -lt 139066 ]; then echo "printed k values, 1000 < k < 139066"; else echo "printed $k values"; fi
if [ "$("$GRUNDY" values 0.034 --to $((k - 1)) | cksum)" = "$(cksum <got.txt)" ]; then
    echo "same as g(0..k-1)"
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
