#!/bin/sh
"$GRUNDY" solve heaps kayles 3 4 5 --json && "$GRUNDY" solve heaps 0.07 5 7
