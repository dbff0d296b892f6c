#!/bin/sh
"$GRUNDY" solve pick 1 5 2 && "$GRUNDY" solve pick 1 2 3 4
