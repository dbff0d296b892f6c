#!/bin/sh
"$GRUNDY" solve
