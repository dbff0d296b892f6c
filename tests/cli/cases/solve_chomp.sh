#!/bin/sh
# Chomp in normal play (the corner is never taken): 1 x 1 loses, a line of n is *(n-1), and the
# winning moves of the square (the corner's diagonal neighbour, then the symmetry)
"$GRUNDY" solve chomp 1 1
"$GRUNDY" solve chomp 1 7
"$GRUNDY" solve chomp 4 4
"$GRUNDY" solve chomp 3 5 --json --threads 1
