# Files are written to a temporary file of their own (mkstemp beside the target) and renamed:
# a link or a file of the user's at FILE.tmp is neither followed nor truncated, the target
# becomes a regular file, and no temporary file is left behind.
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
echo precious > victim
echo "my own notes" > s.tmp
ln -s victim t.sv.tmp
ln -s victim p.svg.tmp
"$GRUNDY" solve divisors 6 --save t.sv > /dev/null
echo "solve --save: exit $?"
"$GRUNDY" survey '0.?' --max-n 512 --out s -q > /dev/null
echo "survey --out: exit $?"
"$GRUNDY" plot kayles --to 40 -o p.svg
echo "plot -o: exit $?"
"$GRUNDY" values 0.07 --to 100 --save seq > /dev/null
echo "values --save: exit $?"
"$GRUNDY" count 0.07 --to 100 --checkpoint cp > /dev/null
echo "count --checkpoint: exit $?"
cat victim s.tmp
for f in t.sv s p.svg seq cp; do
    [ -f "$f" ] && [ ! -L "$f" ] && echo "$f: a regular file"
done
ls | grep -v -x -e victim -e s.tmp -e t.sv.tmp -e p.svg.tmp -e t.sv -e s -e p.svg -e seq -e cp
echo "left over: $(ls | wc -l) entries"
