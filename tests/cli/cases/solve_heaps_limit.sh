#!/bin/sh
"$GRUNDY" solve heaps kayles 300 100
