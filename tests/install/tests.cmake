# SPDX-License-Identifier: MIT
# Installing: consumers built through pkg-config and find_package, and the exported symbols.
add_test(NAME install_consumers
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/install/install_test.sh ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR} "${GRUNDY_SANITIZE}")
set_tests_properties(install_consumers PROPERTIES LABELS install RUN_SERIAL ON)
add_test(NAME shared_symbols
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/install/symbols_test.sh
                 $<TARGET_FILE:grundy_shared> ${PROJECT_SOURCE_DIR}/include/grundy)
set_tests_properties(shared_symbols PROPERTIES LABELS install)
if(GRUNDY_BUILD_CLI)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_FOUND)
    add_test(NAME man_page_help
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/install/man_test.py
                     $<TARGET_FILE:grundy_cli> ${PROJECT_BINARY_DIR}/grundy.1
                     ${PROJECT_SOURCE_DIR}/README.md)
    set_tests_properties(man_page_help PROPERTIES LABELS install)
  endif()
endif()
