#!/bin/sh
"$GRUNDY" solve left-stack 9223372036854775808 1 1 1
