# SPDX-License-Identifier: MIT
# `cmake --install BUILD --prefix P`: the shared (VERSION/SOVERSION) and static libraries, the public
# headers, grundy.pc, the CMake package (find_package(grundy) -> grundy::grundy, the shared library,
# and grundy::grundy_static), the grundy tool (and grundy-mpi when MPI was found), its man page
# grundy(1) and its bash, zsh and fish completions.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(grundy_shared PROPERTIES EXPORT_NAME grundy)
set_target_properties(grundy PROPERTIES EXPORT_NAME grundy_static)
install(TARGETS grundy_shared grundy EXPORT grundyTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/grundy DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

set(grundy_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/grundy)
install(EXPORT grundyTargets NAMESPACE grundy:: DESTINATION ${grundy_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/grundyConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/grundyConfig.cmake
                              INSTALL_DESTINATION ${grundy_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/grundyConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/grundyConfig.cmake ${PROJECT_BINARY_DIR}/grundyConfigVersion.cmake
        DESTINATION ${grundy_cmake_dir})

# pkg-config: paths relative to the .pc file, so `--prefix P` at install time (and moving the tree)
# need no reconfiguration.
file(RELATIVE_PATH GRUNDY_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" GRUNDY_PC_TO_PREFIX "${GRUNDY_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/grundy.pc.in ${PROJECT_BINARY_DIR}/grundy.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/grundy.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(GRUNDY_BUILD_CLI)
  install(TARGETS grundy_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(GRUNDY_MPI_BUILT) # the solver across processes, beside the tool
    install(TARGETS grundy_mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
  # The man page and the completions are written by the tool itself from its help texts and its
  # command table (`grundy --man`, `--bash-completion`, `--zsh-completion`, `--fish-completion`,
  # which runs the bash one's logic), so they cannot
  # disagree with what it prints and accepts.
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/grundy.1
                     COMMAND grundy_cli --man > ${PROJECT_BINARY_DIR}/grundy.1
                     DEPENDS grundy_cli VERBATIM)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/grundy.bash-completion
                     COMMAND grundy_cli --bash-completion > ${PROJECT_BINARY_DIR}/grundy.bash-completion
                     DEPENDS grundy_cli VERBATIM)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/grundy.zsh-completion
                     COMMAND grundy_cli --zsh-completion > ${PROJECT_BINARY_DIR}/grundy.zsh-completion
                     DEPENDS grundy_cli VERBATIM)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/grundy.fish
                     COMMAND grundy_cli --fish-completion > ${PROJECT_BINARY_DIR}/grundy.fish
                     DEPENDS grundy_cli VERBATIM)
  add_custom_target(grundy_docs ALL DEPENDS ${PROJECT_BINARY_DIR}/grundy.1
                                            ${PROJECT_BINARY_DIR}/grundy.bash-completion
                                            ${PROJECT_BINARY_DIR}/grundy.zsh-completion
                                            ${PROJECT_BINARY_DIR}/grundy.fish)
  install(FILES ${PROJECT_BINARY_DIR}/grundy.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${PROJECT_BINARY_DIR}/grundy.bash-completion
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME grundy)
  install(FILES ${PROJECT_BINARY_DIR}/grundy.zsh-completion
          DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions RENAME _grundy)
  install(FILES ${PROJECT_BINARY_DIR}/grundy.fish
          DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
endif()
