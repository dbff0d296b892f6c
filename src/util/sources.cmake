set(GRUNDY_UTIL_SOURCES util/status.c util/number.c util/pool.c)
