# The README stays true: every '$ ' command of its code blocks that runs the tool is run (in a
# scratch folder, for the files it writes) and its output compared with the lines that follow it;
# a block's '...' stands for the rest of the output, which is not compared. The other commands
# (cmake --install, cc, pip) are the install test's (install_consumers, python_wheel). And its
# word on --json: every command but the ones it names takes --json.
grundy() { "$GRUNDY" "$@"; }
doc=$(pwd)/../../../README.md
scratch=$(mktemp -d) || exit 5
trap 'rm -rf "$scratch"' EXIT
awk '/^```/ { inblock = !inblock; if (!inblock && cmd != "") { print "END" }; cmd = ""; next }
     inblock && /^\$ / { if (cmd != "") print "END"; cmd = substr($0, 3); print "CMD " cmd; next }
     inblock && cmd != "" { print "OUT " $0 }' "$doc" >"$scratch/blocks"
commands=0
elsewhere=0
failed=0
want=""
cmd=""
while IFS= read -r line; do
    case $line in
    "CMD "*) cmd=${line#CMD }; want="" ;;
    "OUT "*) want="$want${want:+
}${line#OUT }" ;;
    END)
        case $cmd in
        grundy\ * | printf\ *grundy\ *) ;;
        *) elsewhere=$((elsewhere + 1)); continue ;;
        esac
        cmd=$(printf '%s\n' "$cmd" | sed 's/  *# .*//')
        got=$(cd "$scratch" && eval "$cmd" 2>&1)
        rc=$?
        commands=$((commands + 1))
        case $want in
        *"
..." | ...) want=${want%...}; want=${want%
}; got=$(printf '%s\n' "$got" | head -n "$(printf '%s\n' "$want" | grep -c '')") ;;
        esac
        if [ $rc -ne 0 ] || [ "$got" != "$want" ]; then
            failed=$((failed + 1))
            echo "differs (exit $rc): $cmd"
            echo "$got"
        fi
        ;;
    esac
done <"$scratch/blocks"
echo "readme: $commands commands run, $failed differ; $elsewhere run by the install tests"
# "Every command except `plot`, `help` and `version` takes `--json`": the README's list against
# each command's options.
without=$(tr '\n' ' ' <"$doc" | grep -o 'Every command except [^.]* takes `--json`' |
          grep -o '`[a-z]*`' | tr -d '`' | grep -v json)
for c in $("$GRUNDY" help | awk '/^Commands:/ { on = 1; next } on && /^$/ { on = 0 } on { print $1 }'); do
    case " $(echo $without) " in *" $c "*) named=1 ;; *) named=0 ;; esac
    case $c in
    help | version) "$GRUNDY" "$c" --json >/dev/null 2>&1 && has=1 || has=0 ;;
    *) "$GRUNDY" help "$c" | grep -q -- '--json' && has=1 || has=0 ;;
    esac
    [ $has -ne $named ] || echo "the README on --json is wrong about $c"
done
