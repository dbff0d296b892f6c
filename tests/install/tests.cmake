# SPDX-License-Identifier: MIT
# Installing: consumers built through pkg-config and find_package, and the exported symbols.
if(GRUNDY_BUILD_CLI) # the test also checks the installed tool, man page and completion
  add_test(NAME install_consumers
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/install/install_test.sh ${PROJECT_BINARY_DIR}
                   ${PROJECT_SOURCE_DIR} "${GRUNDY_SANITIZE}" "${GRUNDY_MPI_BUILT}")
  set_tests_properties(install_consumers PROPERTIES LABELS install RUN_SERIAL ON)
endif()
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
# The Python package (python/) against the tool, and its ctypes mirrors against the C layout that
# abi_layout prints; under sanitizers the runtime is preloaded, since python itself is not built
# with it.
if(GRUNDY_BUILD_CLI AND Python3_FOUND)
  add_executable(abi_layout ${CMAKE_CURRENT_SOURCE_DIR}/install/abi_layout.c)
  target_link_libraries(abi_layout PRIVATE grundy grundy_warnings)
  target_compile_definitions(abi_layout
                             PRIVATE GRUNDY_SONAME="$<TARGET_SONAME_FILE_NAME:grundy_shared>")
  set(python_env GRUNDY_CLI=$<TARGET_FILE:grundy_cli> GRUNDY_LIBRARY=$<TARGET_FILE:grundy_shared>
                 GRUNDY_LAYOUT=$<TARGET_FILE:abi_layout>)
  if(GRUNDY_SANITIZE MATCHES "address")
    execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
                    OUTPUT_VARIABLE asan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
    list(APPEND python_env LD_PRELOAD=${asan_runtime} ASAN_OPTIONS=detect_leaks=0)
  endif()
  add_test(NAME python_package
           COMMAND ${CMAKE_COMMAND} -E env ${python_env}
                   ${Python3_EXECUTABLE} -m unittest discover -s ${PROJECT_SOURCE_DIR}/python/tests -v)
  set_tests_properties(python_package PROPERTIES LABELS python)
endif()
# `pip install ./python` in a fresh venv, offline: the wheel builds and bundles libgrundy. Not under
# sanitizers (the wheel's library is a plain Release build, and python is not instrumented).
if(Python3_FOUND AND NOT GRUNDY_SANITIZE)
  add_test(NAME python_wheel
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/install/wheel_test.sh ${Python3_EXECUTABLE}
                   ${PROJECT_SOURCE_DIR})
  set_tests_properties(python_wheel PROPERTIES LABELS "install;python" TIMEOUT 600)
endif()
# The tutorial notebook, executed by nbclient (once: only in a Release build without sanitizers).
# Its kernel needs nbclient and ipykernel: the Python found above, or Debian's python3 where
# python3-nbclient and python3-ipykernel put them; without either the test is skipped (77).
if(Python3_FOUND AND NOT GRUNDY_SANITIZE AND CMAKE_BUILD_TYPE STREQUAL "Release")
  set(notebook_python ${Python3_EXECUTABLE})
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import nbclient, ipykernel"
                  RESULT_VARIABLE no_nbclient OUTPUT_QUIET ERROR_QUIET)
  if(no_nbclient AND EXISTS /usr/bin/python3)
    set(notebook_python /usr/bin/python3)
  endif()
  add_test(NAME python_notebook
           COMMAND ${CMAKE_COMMAND} -E env GRUNDY_LIBRARY=$<TARGET_FILE:grundy_shared>
                   ${notebook_python} ${PROJECT_SOURCE_DIR}/python/tests/run_notebook.py
                   ${PROJECT_SOURCE_DIR}/docs/tutorial.ipynb)
  set_tests_properties(python_notebook PROPERTIES LABELS python SKIP_RETURN_CODE 77 TIMEOUT 120)
  # The matplotlib helper, with the Python found above or Debian's (python3-matplotlib).
  set(matplotlib_python ${Python3_EXECUTABLE})
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import matplotlib"
                  RESULT_VARIABLE no_matplotlib OUTPUT_QUIET ERROR_QUIET)
  if(no_matplotlib AND EXISTS /usr/bin/python3)
    set(matplotlib_python /usr/bin/python3)
  endif()
  add_test(NAME python_matplotlib
           COMMAND ${CMAKE_COMMAND} -E env GRUNDY_LIBRARY=$<TARGET_FILE:grundy_shared>
                   ${matplotlib_python} ${PROJECT_SOURCE_DIR}/python/tests/test_matplotlib.py)
  set_tests_properties(python_matplotlib PROPERTIES LABELS python SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()
# Pictures: every kind rendered, parsed, checked against the tool's answers, converted by rsvg.
if(GRUNDY_BUILD_CLI AND Python3_FOUND)
  add_test(NAME plots COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/plot/plot_test.py
                              $<TARGET_FILE:grundy_cli> -v)
  set_tests_properties(plots PROPERTIES LABELS python)
endif()
if(TARGET grundy_cli AND Python3_FOUND)
  set_tests_properties(plots PROPERTIES ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/plot/lsan.supp")
endif()
