# grundy verify: --naive-to 0 says the values were not compared (it claimed "g(0..18446744073709551615)
# agree", an unsigned underflow); --json gives one object, in normal and misere play.
"$GRUNDY" verify 0.07 --naive-to 0 --samples 3
"$GRUNDY" verify 0.07 --samples 3 --naive-to 100 --json
"$GRUNDY" verify 0.07 --samples 20 --misere --json
