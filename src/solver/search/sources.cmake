set(GRUNDY_SOLVER_SEARCH_SOURCES
    solver/search/nim_search.c solver/search/nim_searcher.c solver/search/nim_report.c
    solver/search/nim_table.c solver/search/nim_endgame.c solver/games/cram.c solver/games/chomp.c solver/games/node_kayles.c)
