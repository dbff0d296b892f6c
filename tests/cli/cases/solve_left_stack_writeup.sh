#!/bin/sh
# The write-up's own cases, one per line, with the true answers:
#   3 1 1 1 Tomaz, 1 1 1 1 Tomaz, 1 2 1 1 Danftito, 3 4 4 4 Danftito (the write-up is right);
#   1 1 2 1 Danftito: the write-up's "Edge Cases" says the mover wins (locked value 1 != 0), but
#     with m = 1 every move takes one rock and the game lasts a+b+c = 4 moves: WRONG there;
#   1 1 1 2 Danftito (4 moves again; the write-up's program prints Tomaz);
#   3 2 1 1 Tomaz (empty the first stack: (1,1) is lost; the program's parity rule says Danftito).
"$GRUNDY" solve left-stack <<EOF
3 1 1 1
1 1 1 1
1 2 1 1
3 4 4 4
1 1 2 1
1 1 1 2
3 2 1 1
EOF
