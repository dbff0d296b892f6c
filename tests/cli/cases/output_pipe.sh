# A reader that goes away (| head -c 5) ends grundy quietly. With SIGPIPE at its default grundy
# is killed by it (nothing printed; not tested here, since a shell cannot undo an inherited
# ignore); with SIGPIPE ignored, as some parents leave it, the write fails with EPIPE: exit 5
# with nothing on stderr, and play --input stops at once instead of computing every line.
trap '' PIPE
{ "$GRUNDY" values 0.07 --to 1000000; echo "values: exit $?" >&2; } | head -c 5
echo
{ yes '1 2' 2>/dev/null | head -n 200000 2>/dev/null | "$GRUNDY" play 0.07 --input -; echo "play --input: exit $?" >&2; } | head -c 6
