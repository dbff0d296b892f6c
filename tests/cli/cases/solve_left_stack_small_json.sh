#!/bin/sh
# A small game is also solved position by position; the solver and the rule agree.
"$GRUNDY" solve left-stack 3 4 4 4 --json --self-test
