set(GRUNDY_UTIL_SOURCES util/state_memo.c util/status.c util/number.c util/threads.c util/team.c util/pool.c util/cpu_ledger.c util/waiter.c util/file_out.c util/file_in.c)
