printf '1 2\n\n3 4 -5\n' | "$GRUNDY" play nim --input -
