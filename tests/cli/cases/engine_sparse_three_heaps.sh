# C = 4 + 8: its moves leave two heaps and three, so the sparse engine does not apply; the
# message said C.0 had no move leaving two heaps.
"$GRUNDY" values C.0 --to 3 --engine sparse
