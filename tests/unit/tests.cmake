# SPDX-License-Identifier: MIT
# One line per unit test: tests/unit/<name>.c.
grundy_unit_test(test_number)
grundy_unit_test(test_rule)
grundy_unit_test(test_rule_callback)
grundy_unit_test(test_nimber)
grundy_unit_test(test_brute)
grundy_unit_test(test_graph)
grundy_unit_test(test_solver_games)
grundy_unit_test(test_nim_search)
grundy_unit_test(test_left_stack)
# The solver's game registry lives in the CLI's core.
grundy_unit_test(test_solve_registry)
target_link_libraries(test_solve_registry PRIVATE grundy_cli_core)
grundy_unit_test(test_seq)
target_compile_definitions(test_seq PRIVATE GRUNDY_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
grundy_unit_test(test_solver)
grundy_unit_test(test_solver_heaps)
grundy_unit_test(test_position)
grundy_unit_test(test_seq_sparse)
grundy_unit_test(test_period)
grundy_unit_test(test_query)
grundy_unit_test(test_period_scan)
grundy_unit_test(test_retro_scan)
grundy_unit_test(test_retro_threads)
grundy_unit_test(test_seq_check)
# the engines at every moment the sparse engine's state changes (sized per build)
grundy_unit_test(test_seq_moments SLOW)
if(GRUNDY_SANITIZE)
  target_compile_definitions(test_seq_moments PRIVATE GRUNDY_TEST_SCALE=1)
endif()
grundy_unit_test(test_misere_quotient)
grundy_unit_test(test_misere_solve)
grundy_unit_test(test_misere_memory)
if(GRUNDY_SANITIZE) # a sanitizer's shadow memory and quarantine are resident too: no peak to measure
  target_compile_definitions(test_misere_memory PRIVATE GRUNDY_TEST_SANITIZED=1)
endif()
grundy_unit_test(test_survey)
target_compile_definitions(test_survey PRIVATE GRUNDY_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
grundy_unit_test(test_seqfile)
grundy_unit_test(test_stats)
grundy_unit_test(test_picture)
grundy_unit_test(test_nim_count)
grundy_unit_test(test_table_io)
# Every allocation of libgrundy.a goes through the test's __wrap_ functions (no library change).
grundy_unit_test(test_alloc_fail SOURCES unit/alloc_wrap.c)
target_link_options(test_alloc_fail PRIVATE
                    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup)
# util/vec.h with its allocations failed through the wrapped allocators.
grundy_unit_test(test_vec SOURCES unit/alloc_wrap.c)
target_link_options(test_vec PRIVATE -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup)
# Every thread start of libgrundy.a goes through the test's __wrap_pthread_create (no library
# change): a thread that cannot start is NOMEM for every user.
grundy_unit_test(test_threads SOURCES unit/thread_wrap.c)
target_link_options(test_threads PRIVATE -Wl,--wrap=pthread_create)
# The grundy tool with each allocation failed in turn (tests/cli/alloc_fail.sh).
if(GRUNDY_BUILD_CLI)
  get_target_property(failalloc_sources grundy_cli SOURCES)
  list(TRANSFORM failalloc_sources PREPEND ${PROJECT_SOURCE_DIR}/cli/)
  add_executable(grundy_failalloc ${failalloc_sources} ${CMAKE_CURRENT_SOURCE_DIR}/cli/failalloc.c
                                  ${CMAKE_CURRENT_SOURCE_DIR}/unit/alloc_wrap.c)
  target_link_libraries(grundy_failalloc PRIVATE grundy_cli_core grundy grundy_warnings)
  target_include_directories(grundy_failalloc PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/unit)
  target_link_options(grundy_failalloc PRIVATE
                      -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup)
  add_test(NAME cli_alloc_fail COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/alloc_fail.sh
                                       $<TARGET_FILE:grundy_failalloc>)
  set_tests_properties(cli_alloc_fail PROPERTIES LABELS "cli;slow")
  # The grundy tool with a thread start failed (tests/cli/thread_fail.sh).
  add_executable(grundy_failthreads ${failalloc_sources} ${CMAKE_CURRENT_SOURCE_DIR}/cli/failthreads.c
                                    ${CMAKE_CURRENT_SOURCE_DIR}/unit/thread_wrap.c)
  target_link_libraries(grundy_failthreads PRIVATE grundy_cli_core grundy grundy_warnings)
  target_include_directories(grundy_failthreads PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/unit)
  target_link_options(grundy_failthreads PRIVATE -Wl,--wrap=pthread_create)
  add_test(NAME cli_thread_fail COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/thread_fail.sh
                                        $<TARGET_FILE:grundy_failthreads>)
  set_tests_properties(cli_thread_fail PROPERTIES LABELS cli)
endif()
# Goldens that need a small address space (ulimit -v): not under the sanitizers.
if(GRUNDY_BUILD_CLI AND NOT GRUNDY_SANITIZE)
  file(GLOB limit_cases CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cli/limits/*.sh)
  foreach(case ${limit_cases})
    get_filename_component(case_name ${case} NAME_WE)
    add_test(NAME cli_${case_name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/golden.sh $<TARGET_FILE:grundy_cli> ${case})
    set_tests_properties(cli_${case_name} PROPERTIES LABELS cli)
  endforeach()
endif()
# the one-thread fast paths (batched rare pass, SIMD doubt tests) against the naive engine
grundy_unit_test(test_seq_batch)
# the queries' work bound and its estimate
grundy_unit_test(test_query_work)
# memory beyond RAM (a prefix and a window) against full storage
grundy_unit_test(test_seq_window)
# the spill file of a windowed sequence (--spill) against full storage, damaged files
grundy_unit_test(test_seq_spill)
# the window's heaps on the one-heap and batched passes against full storage (threads, spill)
grundy_unit_test(test_seq_window_paths)
# checkpoints of a windowed sequence, stopped and resumed against uninterrupted runs
grundy_unit_test(test_seq_checkpoint_window)
# the threaded sparse engine's pipeline of cheap rules on two threads (guesser and checker)
# against the oracles
grundy_unit_test(test_seq_pipe)
# the pipeline for values up to 2^9 on two threads (0.6 on AVX-512, and every rule where the
# tests ask) against the oracles
grundy_unit_test(test_seq_pipe16)
grundy_unit_test(test_seq_bits)
# the doubt tables (AVX-512, AVX2) against their definition (skipped without AVX-512)
grundy_unit_test(test_sparse_table)
set_tests_properties(test_sparse_table PROPERTIES SKIP_RETURN_CODE 77)
grundy_unit_test(test_cram_table)
target_compile_definitions(test_cram_table PRIVATE GRUNDY_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
