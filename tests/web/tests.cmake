# SPDX-License-Identifier: MIT
# The page in headless Chromium (tests/web/web_test.py), once: in a Release build without
# sanitizers, like the notebook. It needs the page built (GRUNDY_BUILD_WEB=ON, or the target web)
# and chromium with chromedriver; without them it is skipped (77), unless GRUNDY_REQUIRE_WEB=1.
if(Python3_FOUND AND GRUNDY_BUILD_CLI AND NOT GRUNDY_SANITIZE AND CMAKE_BUILD_TYPE STREQUAL "Release")
  add_test(NAME web_browser
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/web/web_test.py
                   --web ${PROJECT_BINARY_DIR}/web --grundy $<TARGET_FILE:grundy_cli>
                   --screenshot ${CMAKE_CURRENT_BINARY_DIR}/web.png)
  set_tests_properties(web_browser PROPERTIES LABELS web SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()
