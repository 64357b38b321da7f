# `cmake --install` (and the wheel): the library, its headers and a CMake
# package, so a C++ program does find_package(wrpkit) and links wrpkit::wrpkit
# (examples/CMakeLists.txt builds that way against an installed wrpkit).
include(CMakePackageConfigHelpers)
# wrpkit::wrpkit_runtime: the replay runtime's C API (wrp_runtime.h), which wrp-run uses too
# (not in the fuzz build, which has the library and its fuzz targets only).
set(WRPKIT_INSTALLED_LIBRARIES wrpkit ${WRPKIT_LAYERS})
if(TARGET wrpkit_runtime)
  list(APPEND WRPKIT_INSTALLED_LIBRARIES wrpkit_runtime)
endif()
install(TARGETS ${WRPKIT_INSTALLED_LIBRARIES} EXPORT wrpkitTargets ARCHIVE DESTINATION ${WRPKIT_INSTALL_LIB}
        LIBRARY DESTINATION ${WRPKIT_INSTALL_LIB})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/wrpkit DESTINATION ${WRPKIT_INSTALL_INCLUDE}
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h"
        PATTERN "*_toml.hpp" EXCLUDE)  # the library's own: they include toml++
set(WRPKIT_CMAKE_DIR ${WRPKIT_INSTALL_LIB}/cmake/wrpkit)
install(EXPORT wrpkitTargets NAMESPACE wrpkit:: DESTINATION ${WRPKIT_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/wrpkitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/wrpkitConfig.cmake INSTALL_DESTINATION ${WRPKIT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/wrpkitConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/wrpkitConfig.cmake ${PROJECT_BINARY_DIR}/wrpkitConfigVersion.cmake
  DESTINATION ${WRPKIT_CMAKE_DIR})
