"$GRUNDY" version now
