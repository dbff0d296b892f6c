# Every example of every --help and help topic is a real command: each runs (in a scratch folder,
# for the files they write) and exits 0.
grundy() { "$GRUNDY" "$@"; }
scratch=$(mktemp -d) || exit 5
trap 'rm -rf "$scratch"' EXIT
pages=$("$GRUNDY" help | awk '/^Commands:/ { on = 1; next } on && /^$/ { on = 0 } on { print $1 }' |
        grep -v -e '^help$' -e '^version$')
topics=$("$GRUNDY" help topics | awk '/^  / { print $1 }')
ran=0
failed=0
for page in $pages $topics; do
    "$GRUNDY" help "$page" >"$scratch/page"
    awk '/^Examples?:/ { on = 1; next } on && !/^  / { on = 0 } on { sub(/^  /, ""); sub(/ +# .*/, ""); print }' \
        "$scratch/page" >"$scratch/examples"
    [ -s "$scratch/examples" ] || { echo "no examples: grundy help $page"; failed=$((failed + 1)); }
    while IFS= read -r cmd; do
        ran=$((ran + 1))
        if ! (cd "$scratch" && eval "$cmd") >/dev/null 2>"$scratch/err"; then
            failed=$((failed + 1))
            echo "failed ($page): $cmd"
            head -3 "$scratch/err"
        fi
    done <"$scratch/examples"
done
echo "help examples: $ran run, $failed failed"
