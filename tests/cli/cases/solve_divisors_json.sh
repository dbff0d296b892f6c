#!/bin/sh
"$GRUNDY" solve divisors 12 --json
