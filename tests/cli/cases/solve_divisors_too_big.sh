#!/bin/sh
"$GRUNDY" solve divisors 31
