# Sequence files: --save then --load on every sequence command; a file for another rule, of
# another format version, truncated, with a flipped byte, with bytes past the end, or not a
# sequence file at all is refused with exit 3 and a line saying which; a missing file is exit 5.
d=$(mktemp -d) || exit 5
cd "$d" || exit 5
"$GRUNDY" values 0.07 --to 200 --save k.seq
echo "exit $?"
"$GRUNDY" values 0.07 --to 200 --max-n 100 --load k.seq | cut -c1-40
"$GRUNDY" value 0.07 150 --max-n 10 --load k.seq
"$GRUNDY" count 0.07 --from 1 --to 200 --max-n 10 --load k.seq
"$GRUNDY" stats 0.07 --to 200 --max-n 10 --load k.seq
"$GRUNDY" period 0.07 --max-n 150 --load k.seq
echo "exit $?"
"$GRUNDY" values 0.77 --to 10 --load k.seq
echo "exit $?"
head -c 100 k.seq >cut.seq
"$GRUNDY" values 0.07 --to 10 --load cut.seq
echo "exit $?"
cp k.seq flip.seq
printf '\001' | dd of=flip.seq bs=1 seek=120 conv=notrunc 2>/dev/null
"$GRUNDY" values 0.07 --to 10 --load flip.seq
echo "exit $?"
cp k.seq version.seq
printf '\002' | dd of=version.seq bs=1 seek=8 conv=notrunc 2>/dev/null
"$GRUNDY" values 0.07 --to 10 --load version.seq
echo "exit $?"
cat k.seq k.seq >long.seq
"$GRUNDY" values 0.07 --to 10 --load long.seq
echo "exit $?"
echo "0 0 1 1 2 0 3" >text.seq
"$GRUNDY" values 0.07 --to 10 --load text.seq
echo "exit $?"
"$GRUNDY" values 0.07 --to 10 --checkpoint flip.seq
echo "exit $?"
"$GRUNDY" values 0.07 --to 10 --load missing.seq
echo "exit $?"
"$GRUNDY" values 0.07 --to 10 --save no/such/dir/x.seq
echo "exit $?"
"$GRUNDY" values 0.07 --to 10 --checkpoint-every 5
echo "exit $?"
"$GRUNDY" values 0.07 --to 100 --max-n 50 --save big.seq
echo "exit $?"
ls
cd / && rm -rf "$d"
