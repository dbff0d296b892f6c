#!/bin/sh
"$GRUNDY" solve chess
