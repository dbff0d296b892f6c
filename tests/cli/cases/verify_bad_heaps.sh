"$GRUNDY" verify kayles --heaps 0
