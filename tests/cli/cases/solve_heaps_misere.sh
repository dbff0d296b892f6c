#!/bin/sh
"$GRUNDY" solve heaps nim 1 1 --misere && "$GRUNDY" solve heaps nim 1 1 && "$GRUNDY" solve heaps "S(1,2)" 2 --misere --json
