set(GRUNDY_SOLVER_SOURCES solver/game.c solver/solve.c solver/retro_adapter.c solver/acyclic.c
    solver/table_io.c solver/table_stream.c solver/selftest.c solver/games/divisors.c solver/games/pick.c
    solver/games/misere_piles.c solver/games/heaps.c solver/games/mirror_board.c
    solver/games/left_stack.c solver/games/game_text.c)
