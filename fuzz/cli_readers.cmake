# SPDX-License-Identifier: MIT
# The fuzz targets whose reader lives in the CLI, as TARGET:SOURCE (cli/SOURCE.c): they compile
# it in, with fuzz/cli_fail_kept.c, a cli_fail that keeps the message for the target to check.
# grundy_fuzz_cli_readers(fuzz_ -fsanitize=fuzzer-no-link) in fuzz/, (replay_) in tests/; the
# options after the prefix go to those sources.
function(grundy_fuzz_cli_readers prefix)
  foreach(reader batch:batch rulefile:rule_file nim:nim_args)
    string(REPLACE ":" ";" parts ${reader})
    list(GET parts 0 name)
    list(GET parts 1 source)
    target_sources(${prefix}${name} PRIVATE ${PROJECT_SOURCE_DIR}/cli/${source}.c
                                            ${PROJECT_SOURCE_DIR}/fuzz/cli_fail_kept.c)
    target_include_directories(${prefix}${name} PRIVATE ${PROJECT_SOURCE_DIR}/cli)
    if(ARGN)
      target_compile_options(${prefix}${name} PRIVATE ${ARGN})
    endif()
  endforeach()
endfunction()
