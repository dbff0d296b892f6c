# docs/cookbook.md stays true: every '$ grundy ...' line of its code blocks is run and its output
# compared with the lines that follow it in the block.
grundy() { "$GRUNDY" "$@"; }
doc=../../../docs/cookbook.md
awk '/^```/ { inblock = !inblock; if (!inblock && cmd != "") { print "END" }; cmd = ""; next }
     inblock && /^\$ / { if (cmd != "") print "END"; cmd = substr($0, 3); print "CMD " cmd; next }
     inblock && cmd != "" { print "OUT " $0 }' "$doc" >cookbook.tmp
commands=0
failed=0
want=""
cmd=""
while IFS= read -r line; do
    case $line in
    "CMD "*) cmd=${line#CMD }; want="" ;;
    "OUT "*) want="$want${want:+
}${line#OUT }" ;;
    END)
        got=$(eval "$cmd" 2>/dev/null)
        commands=$((commands + 1))
        if [ "$got" != "$want" ]; then
            failed=$((failed + 1))
            echo "differs: $cmd"
            echo "$got"
        fi
        ;;
    esac
done <cookbook.tmp
rm -f cookbook.tmp
echo "cookbook: $commands commands, $failed differ"
