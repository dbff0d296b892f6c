"$GRUNDY" frobnicate 0.07
