#!/bin/sh
"$GRUNDY" solve divisors 0
