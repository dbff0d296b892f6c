# Every file written whole gets mode 0666 less the umask, whichever command writes it (sequence
# files and checkpoints were 0644 whatever the umask, grundy-mpi tables forced to 0644).
dir=$(mktemp -d) || exit 5
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 5
for mask in 002 077; do
    umask $mask
    rm -f seq cp t.sv s p.svg
    "$GRUNDY" values 0.07 --to 100 --save seq > /dev/null
    "$GRUNDY" count 0.07 --to 100 --checkpoint cp > /dev/null
    "$GRUNDY" solve divisors 6 --save t.sv > /dev/null
    "$GRUNDY" survey '0.?' --max-n 256 --out s -q > /dev/null
    "$GRUNDY" plot kayles --to 40 -o p.svg
    echo "umask $mask: $(stat -c '%n %a' seq cp t.sv s p.svg | tr '\n' ' ')"
done
