#!/bin/sh
# Seed 002, sample 1: m = 3, stacks 1 1 1 (Tomaz empties the first, Danftito the second).
"$GRUNDY" solve left-stack 3 1 1 1
