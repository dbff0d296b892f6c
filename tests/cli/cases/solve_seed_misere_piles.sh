#!/bin/sh
"$GRUNDY" solve misere-piles 1 1 && "$GRUNDY" solve misere-piles 2 0 && "$GRUNDY" solve misere-piles 3 4
