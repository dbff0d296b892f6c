#!/bin/sh
"$GRUNDY" solve divisors 3 --misere
