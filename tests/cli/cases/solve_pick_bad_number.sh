#!/bin/sh
"$GRUNDY" solve pick 3 -4
