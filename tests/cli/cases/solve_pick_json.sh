#!/bin/sh
"$GRUNDY" solve pick 1000000000 1000000000 1 7 3 --json
