set(GRUNDY_HEAP_SOURCES heap/rule.c heap/nimber.c heap/heap_moves.c heap/state_memo.c heap/brute.c)
