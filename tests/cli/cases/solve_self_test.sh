#!/bin/sh
"$GRUNDY" solve divisors 8 --self-test --json
