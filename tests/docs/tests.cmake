# SPDX-License-Identifier: MIT
# docs/architecture.md against the code: the generated command-line section, the JSON keys of
# every command, the exit codes. `cmake --build . --target update-architecture` rewrites the
# generated section from the tool's help texts (review the diff before committing).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  set(docs_dir ${CMAKE_CURRENT_SOURCE_DIR}/docs)
  add_test(NAME docs_json_keys_code
           COMMAND ${Python3_EXECUTABLE} ${docs_dir}/json_keys_test.py code ${PROJECT_SOURCE_DIR})
  add_test(NAME docs_exit_codes
           COMMAND ${Python3_EXECUTABLE} ${docs_dir}/exit_codes_test.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(docs_json_keys_code docs_exit_codes PROPERTIES LABELS docs)
  if(GRUNDY_BUILD_CLI)
    add_test(NAME docs_contract
             COMMAND ${Python3_EXECUTABLE} ${docs_dir}/contract.py check $<TARGET_FILE:grundy_cli>
                     ${PROJECT_SOURCE_DIR})
    set_tests_properties(docs_contract PROPERTIES LABELS docs)
    # Every golden case run once more (about a minute): in the plain build only, since what the
    # tool prints does not depend on the sanitizers, which the goldens themselves run under.
    if(NOT GRUNDY_SANITIZE)
      add_test(NAME docs_json_keys_goldens
               COMMAND ${Python3_EXECUTABLE} ${docs_dir}/json_keys_test.py goldens
                       ${PROJECT_SOURCE_DIR} $<TARGET_FILE:grundy_cli>)
      set_tests_properties(docs_json_keys_goldens PROPERTIES LABELS "docs;cli" TIMEOUT 900)
    endif()
    add_custom_target(update-architecture
                      ${Python3_EXECUTABLE} ${docs_dir}/contract.py update $<TARGET_FILE:grundy_cli>
                      ${PROJECT_SOURCE_DIR}
                      DEPENDS grundy_cli VERBATIM)
  endif()
endif()
