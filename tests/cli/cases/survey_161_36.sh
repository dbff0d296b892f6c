# A published table lists .161 and .36 as equivalent; their values differ first at heap 519, so
# the survey must not group them (while 0.07 and 0.4 shifted by one are related, proved).
printf '0.161\n0.36\n0.07\n0.4\n' > survey_161_36.tmp
"$GRUNDY" survey @survey_161_36.tmp --max-n 8192 -q --format tsv | cut -f1,4,13
echo "exit $?"
"$GRUNDY" values 0.161 --from 517 --to 520 --max-n 8192
"$GRUNDY" values 0.36 --from 517 --to 520 --max-n 8192
rm -f survey_161_36.tmp
