# grundy solve --save/--load: a table answers again without solving; a table of another game, one
# without the tables an answer needs (saved without --json), the misere table loaded for normal
# play, or one with a reserved header byte set is refused (exit 3);
# a save that fails past `ulimit -f` is exit 5 and leaves the previous table whole, no temporary.
"$GRUNDY" solve divisors 12 --save t.tab --json
"$GRUNDY" solve divisors 12 --load t.tab --json
echo "exit $?"
"$GRUNDY" solve divisors 12 --save plain.tab
"$GRUNDY" solve divisors 12 --load plain.tab --json
echo "exit $?"
"$GRUNDY" solve divisors 13 --load t.tab
echo "exit $?"
"$GRUNDY" solve heaps kayles 3 4 --misere --save h.tab
"$GRUNDY" solve heaps kayles 3 4 --load h.tab
echo "exit $?"
"$GRUNDY" solve pick 3 1 4 1 5 --save p.tab
"$GRUNDY" solve pick 3 1 4 1 5 --load p.tab
(ulimit -f 1; "$GRUNDY" solve divisors 20 --save t.tab)
echo "exit $?"
ls t.tab*
"$GRUNDY" solve divisors 12 --load t.tab
printf 'x' | dd of=t.tab bs=1 seek=60 conv=notrunc 2>/dev/null
"$GRUNDY" solve divisors 12 --load t.tab
echo "exit $?"
"$GRUNDY" solve divisors 12 --load missing.tab
echo "exit $?"
"$GRUNDY" solve mirror-board --save b.tab
echo "exit $?"
rm -f t.tab plain.tab h.tab p.tab
