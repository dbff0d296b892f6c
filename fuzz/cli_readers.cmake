# SPDX-License-Identifier: MIT
# The fuzz targets whose reader lives in the CLI (batch, rule file, nim operands) link it from
# grundy_cli_core, with fuzz/cli_fail_kept.c, a cli_fail that keeps the message for the target to
# check. The readers call nothing else of cli.c, so the static library's cli.o (and its printing
# cli_fail) stays out of the link. grundy_fuzz_cli_readers(fuzz_) in fuzz/, (replay_) in tests/.
function(grundy_fuzz_cli_readers prefix)
  foreach(name batch rulefile nim)
    target_sources(${prefix}${name} PRIVATE ${PROJECT_SOURCE_DIR}/fuzz/cli_fail_kept.c)
    target_link_libraries(${prefix}${name} PRIVATE grundy_cli_core)
  endforeach()
endfunction()
