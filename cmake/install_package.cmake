# `cmake --install` (and the wheel): the library, its headers and a CMake
# package, so a C++ program does find_package(wrpkit) and links wrpkit::wrpkit
# (examples/CMakeLists.txt builds that way against an installed wrpkit).
include(CMakePackageConfigHelpers)
# wrpkit::wrpkit_runtime: the replay runtime's C API (wrp_runtime.h), which wrp-run uses too.
# The C++ library's archives only link into programs of the same C++ runtime: the
# Zig-built wheels (libc++) install the C API alone, which any compiler can use
# (scripts/wheel turns WRPKIT_INSTALL_CXX_LIBRARY off; the sdist keeps it).
option(WRPKIT_INSTALL_CXX_LIBRARY "Install the C++ library (wrpkit::wrpkit) and its headers" ON)
set(WRPKIT_INSTALLED_LIBRARIES "")
if(WRPKIT_INSTALL_CXX_LIBRARY)
  set(WRPKIT_INSTALLED_LIBRARIES wrpkit ${WRPKIT_LAYERS})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/wrpkit DESTINATION ${WRPKIT_INSTALL_INCLUDE}
          FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h"
          PATTERN "*_toml.hpp" EXCLUDE)  # the library's own: they include toml++
else()
  set(WRPKIT_PACKAGE_DEPENDENCIES "")  # the runtime carries what it needs
endif()
if(TARGET wrpkit_runtime)
  list(APPEND WRPKIT_INSTALLED_LIBRARIES wrpkit_runtime)
  install(FILES ${PROJECT_SOURCE_DIR}/lib/wrpkit/wrp_runtime.h DESTINATION ${WRPKIT_INSTALL_INCLUDE}/wrpkit)
endif()
install(TARGETS ${WRPKIT_INSTALLED_LIBRARIES} EXPORT wrpkitTargets ARCHIVE DESTINATION ${WRPKIT_INSTALL_LIB}
        LIBRARY DESTINATION ${WRPKIT_INSTALL_LIB})
set(WRPKIT_CMAKE_DIR ${WRPKIT_INSTALL_LIB}/cmake/wrpkit)
install(EXPORT wrpkitTargets NAMESPACE wrpkit:: DESTINATION ${WRPKIT_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/wrpkitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/wrpkitConfig.cmake INSTALL_DESTINATION ${WRPKIT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/wrpkitConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/wrpkitConfig.cmake ${PROJECT_BINARY_DIR}/wrpkitConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/wrpkitArtifact.cmake DESTINATION ${WRPKIT_CMAKE_DIR})
