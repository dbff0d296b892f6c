set(GRUNDY_HEAP_SOURCES heap/rule.c heap/nimber.c)
