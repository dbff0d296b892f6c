# grundy survey @FILE: lines longer than 255 bytes are read whole (they were split into two
# rules: a long comment's tail became a rule, line numbers went wrong), CRLF, a lone CR, a NUL.
awk 'BEGIN { s = "0.07 # "; for (i = 0; i < 300; i++) s = s "x"; print s; print "0.6" }' > rules.tmp
"$GRUNDY" survey @rules.tmp -q --format tsv | cut -f1
echo "exit $?"
awk 'BEGIN { s = ""; for (i = 0; i < 300; i++) s = s " "; print "0.6"; print s "0.07 x" }' > rules.tmp
"$GRUNDY" survey @rules.tmp -q
echo "exit $?"
printf '0.07\r\n0.6\r\n' > rules.tmp
"$GRUNDY" survey @rules.tmp -q --format tsv | cut -f1
echo "exit $?"
printf '0.07\r0.6\n' > rules.tmp
"$GRUNDY" survey @rules.tmp -q
echo "exit $?"
rm -f rules.tmp
