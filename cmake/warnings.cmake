# SPDX-License-Identifier: MIT
# One INTERFACE target carries the warning flags; each is added only if the compiler accepts it.
include(CheckCCompilerFlag)
add_library(grundy_warnings INTERFACE)
foreach(flag -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes
             -Wmissing-prototypes -Wcast-qual)
  string(MAKE_C_IDENTIFIER "HAS${flag}" var)
  check_c_compiler_flag(${flag} ${var})
  if(${var})
    target_compile_options(grundy_warnings INTERFACE ${flag})
  endif()
endforeach()
if(GRUNDY_WERROR)
  target_compile_options(grundy_warnings INTERFACE -Werror)
endif()
# The one place the feature-test macro is defined (clock_gettime, strdup, getline, ...).
target_compile_definitions(grundy_warnings INTERFACE _POSIX_C_SOURCE=200809L)
