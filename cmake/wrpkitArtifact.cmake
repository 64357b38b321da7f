# wrpkit_add_artifact: build a Warp capture into a deployment artifact as part of a CMake build.
#
#   wrpkit_add_artifact(NAME CAPTURE sim.wrp [OUTPUT out.wrp] [PROFILE jetson-orin | ARCHS sm_87,sm_90]
#                       [MIN_DRIVER 12.6] [SIGN key.pem] [OPTIONS --ptx none ...])
#
# Adds target NAME (built by default) whose output is OUTPUT (default: NAME.wrp in the current
# binary folder, OUTPUT_modules/ beside it) and sets the target's WRPKIT_ARTIFACT property to it.
# It rebuilds only when the capture, a file of its NAME_modules/ folder, the key or wrp-build
# itself changes (wrp-build's own compile cache makes a rebuild after a wrpkit update cheap).
# wrp-build: the wrpkit package's own (find_package(wrpkit)), the project's target in wrpkit's
# tree, or WRPKIT_WRP_BUILD.
function(wrpkit_add_artifact name)
  cmake_parse_arguments(A "" "CAPTURE;OUTPUT;PROFILE;ARCHS;MIN_DRIVER;SIGN" "OPTIONS" ${ARGN})
  if(NOT A_CAPTURE)
    message(FATAL_ERROR "wrpkit_add_artifact(${name}): CAPTURE file.wrp is required")
  endif()
  if(A_PROFILE AND A_ARCHS)
    message(FATAL_ERROR "wrpkit_add_artifact(${name}): PROFILE or ARCHS, not both")
  endif()
  get_filename_component(capture "${A_CAPTURE}" ABSOLUTE)
  if(NOT EXISTS "${capture}")
    message(FATAL_ERROR "wrpkit_add_artifact(${name}): no capture ${capture}")
  endif()
  get_filename_component(dir "${capture}" DIRECTORY)
  get_filename_component(stem "${capture}" NAME_WE)
  file(GLOB_RECURSE module_files CONFIGURE_DEPENDS "${dir}/${stem}_modules/*")
  set(out "${A_OUTPUT}")
  if(NOT out)
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${name}.wrp")
  endif()
  get_filename_component(out "${out}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  if(WRPKIT_WRP_BUILD)
    set(tool "${WRPKIT_WRP_BUILD}")
  elseif(TARGET wrp-build)
    set(tool "$<TARGET_FILE:wrp-build>")
  else()
    message(FATAL_ERROR "wrpkit_add_artifact(${name}): no wrp-build (find_package(wrpkit) first, or set WRPKIT_WRP_BUILD)")
  endif()
  set(args "${capture}" -o "${out}" --force --quiet)
  if(A_PROFILE)
    list(APPEND args --profile ${A_PROFILE})
  elseif(A_ARCHS)
    list(APPEND args --arch ${A_ARCHS})
  endif()
  if(A_MIN_DRIVER)
    list(APPEND args --min-driver ${A_MIN_DRIVER})
  endif()
  set(key_dep "")
  if(A_SIGN)
    get_filename_component(key "${A_SIGN}" ABSOLUTE)
    list(APPEND args --sign "${key}")
    set(key_dep "${key}")
  endif()
  get_filename_component(out_dir "${out}" DIRECTORY)
  add_custom_command(OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
    COMMAND "${tool}" ${args} ${A_OPTIONS}
    DEPENDS "${capture}" ${module_files} ${key_dep} "${tool}"
    COMMENT "wrp-build ${name}: ${A_CAPTURE}"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${out}")
  set_target_properties(${name} PROPERTIES WRPKIT_ARTIFACT "${out}")
endfunction()
