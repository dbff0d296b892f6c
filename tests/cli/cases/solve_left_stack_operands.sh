#!/bin/sh
"$GRUNDY" solve left-stack 3 1 1
