#!/bin/sh
"$GRUNDY" solve divisors 1 && "$GRUNDY" solve divisors 2 && "$GRUNDY" solve divisors 3
