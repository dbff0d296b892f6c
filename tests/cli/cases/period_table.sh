#!/bin/sh
# Winning Ways' periodic tables (grundy period --table): Kayles in rows of its period 12, the
# preperiod 0..70 above the line and one period below, its rare values starred (9 rare heaps of
# 257 computed: sparse); Dawson's Kayles in rows of 34 (a third of its heaps "rare": no stars); a
# subtraction game with a preperiod; the same table in rows of 10, and as JSON
"$GRUNDY" period kayles --table
"$GRUNDY" period 0.07 --table
"$GRUNDY" period 'S(3,4,6,10)' --table
"$GRUNDY" period kayles --table --width 10
"$GRUNDY" period 'S(3,4,6,10)' --table --json
