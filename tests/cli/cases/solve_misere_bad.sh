#!/bin/sh
"$GRUNDY" solve misere-piles 3 x
