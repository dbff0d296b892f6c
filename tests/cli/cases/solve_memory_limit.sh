#!/bin/sh
"$GRUNDY" solve divisors 20 --max-bytes 1000
