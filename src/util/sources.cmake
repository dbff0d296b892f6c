set(GRUNDY_UTIL_SOURCES util/status.c util/number.c util/threads.c util/team.c util/pool.c)
