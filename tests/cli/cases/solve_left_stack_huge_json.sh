#!/bin/sh
# The write-up's largest case, 10^18 four times: Tomaz, by the rule alone (instant).
"$GRUNDY" solve left-stack 1000000000000000000 1000000000000000000 1000000000000000000 1000000000000000000 --json
