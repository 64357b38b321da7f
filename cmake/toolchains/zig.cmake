# Builds with Zig's C/C++ driver (PyPI `ziglang`) for a chosen CPU and glibc release:
# the manylinux_2_28 wheels of both arches (scripts/wheel) from one x86-64 machine.
#   cmake -S . -B build-zig -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/zig.cmake \
#         -DWRPKIT_ZIG_TARGET=aarch64-linux-gnu.2.28 -DWRPKIT_SELF_CONTAINED=ON
# WRPKIT_ZIG_TARGET: ARCH-linux-gnu.GLIBC (x86_64 or aarch64; default x86_64-linux-gnu.2.28).
# WRPKIT_ZIG: the zig executable (default: `zig` on PATH; `python -m ziglang` installs
# it as site-packages/ziglang/zig).
#
# Why Zig and not a cross GCC: Zig carries glibc's headers and a stub of every
# symbol version since 2.17, so a binary linked for `.2.28` can only name symbols
# glibc 2.28 had, whatever this machine's glibc is; and one download serves x86_64
# and aarch64 alike, where GCC would need a sysroot of an old distribution per arch
# (none is packaged for Debian 12). C++ comes from Zig's libc++, linked statically.
#
# Zig's C library headers replace the build machine's, so /usr/include must never be
# searched (its glibc 2.36 headers would win). What the build takes from Debian,
# the header-only libraries (fmt, spdlog, toml++, CLI11), OpenSSL's headers and
# static libcrypto for the target arch (libssl-dev, libssl-dev:arm64), hiredis's
# headers and static library for the target arch (libhiredis-dev, libhiredis-dev:arm64)
# and libcurl's header (types and option numbers only: libcurl is dlopen'ed), is staged
# as links in one folder (WRPKIT_ZIG_DEPS, made here) and found only there.
set(WRPKIT_ZIG_TARGET "$ENV{WRPKIT_ZIG_TARGET}" CACHE STRING "zig target: ARCH-linux-gnu.GLIBC")
if(NOT WRPKIT_ZIG_TARGET)
  set(WRPKIT_ZIG_TARGET x86_64-linux-gnu.2.28 CACHE STRING "zig target: ARCH-linux-gnu.GLIBC" FORCE)
endif()
if(NOT WRPKIT_ZIG)
  set(WRPKIT_ZIG "$ENV{WRPKIT_ZIG}")
endif()
if(NOT WRPKIT_ZIG)
  find_program(WRPKIT_ZIG zig)
endif()
if(NOT WRPKIT_ZIG)
  message(FATAL_ERROR "cmake/toolchains/zig.cmake: no zig: pip install ziglang, then pass "
                      "-DWRPKIT_ZIG=SITE_PACKAGES/ziglang/zig (or put zig on PATH)")
endif()
string(REGEX MATCH "^(x86_64|aarch64)-linux-gnu" WRPKIT_ZIG_MULTIARCH "${WRPKIT_ZIG_TARGET}")
if(NOT WRPKIT_ZIG_MULTIARCH)
  message(FATAL_ERROR "cmake/toolchains/zig.cmake: WRPKIT_ZIG_TARGET=${WRPKIT_ZIG_TARGET}: "
                      "expected x86_64-linux-gnu.2.28 or aarch64-linux-gnu.2.28")
endif()
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${CMAKE_MATCH_1})
# try_compile projects read this file again: hand them the same choices.
set(ENV{WRPKIT_ZIG} "${WRPKIT_ZIG}")
set(ENV{WRPKIT_ZIG_TARGET} "${WRPKIT_ZIG_TARGET}")

set(CMAKE_C_COMPILER "${WRPKIT_ZIG}" cc)
set(CMAKE_CXX_COMPILER "${WRPKIT_ZIG}" c++)
set(CMAKE_C_COMPILER_TARGET ${WRPKIT_ZIG_TARGET})
set(CMAKE_CXX_COMPILER_TARGET ${WRPKIT_ZIG_TARGET})
# Zig's clang writes debug information at every -O unless told not to, and the wheels
# strip it at install: -g0 saves about a fifth of each compile. A Debug build's -g
# comes later on the command line and wins.
set(CMAKE_C_FLAGS_INIT -g0)
set(CMAKE_CXX_FLAGS_INIT -g0)
# Zig builds its runtime libraries (libc++, compiler-rt, libunwind) for each optimization
# mode it is linked in, a minute or more on a cold cache. Configure's test programs link in
# Release's mode, the wheels' own, so they are built once per arch instead of twice (a
# Debug set with UBSan's runtime for the checks, then the Release one).
set(CMAKE_TRY_COMPILE_CONFIGURATION Release)
# zig's own archiver: the build machine's binutils may not know the target's objects.
foreach(lang C CXX)
  set(CMAKE_${lang}_ARCHIVE_CREATE "\"${WRPKIT_ZIG}\" ar qc <TARGET> <LINK_FLAGS> <OBJECTS>")
  set(CMAKE_${lang}_ARCHIVE_APPEND "\"${WRPKIT_ZIG}\" ar q <TARGET> <LINK_FLAGS> <OBJECTS>")
  set(CMAKE_${lang}_ARCHIVE_FINISH "\"${WRPKIT_ZIG}\" ranlib <TARGET>")
endforeach()
# `cmake --install --strip` (the wheels): binutils for the target (Debian's cross binutils for aarch64).
find_program(CMAKE_STRIP NAMES ${WRPKIT_ZIG_MULTIARCH}-strip)

set(WRPKIT_ZIG_DEPS "$ENV{WRPKIT_ZIG_DEPS}")
if(NOT WRPKIT_ZIG_DEPS)
  set(WRPKIT_ZIG_DEPS "${CMAKE_BINARY_DIR}/zig-deps")
  set(ENV{WRPKIT_ZIG_DEPS} "${WRPKIT_ZIG_DEPS}")
  set(arch_lib /usr/lib/${WRPKIT_ZIG_MULTIARCH})
  if(NOT EXISTS ${arch_lib}/libcrypto.a)
    message(FATAL_ERROR "cmake/toolchains/zig.cmake: no ${arch_lib}/libcrypto.a: install libssl-dev "
                        "for the target arch (scripts/setup does)")
  endif()
  file(REMOVE_RECURSE ${WRPKIT_ZIG_DEPS})
  file(MAKE_DIRECTORY ${WRPKIT_ZIG_DEPS}/include/openssl ${WRPKIT_ZIG_DEPS}/lib)
  foreach(dir fmt spdlog toml++ CLI)
    file(CREATE_LINK /usr/include/${dir} ${WRPKIT_ZIG_DEPS}/include/${dir} SYMBOLIC)
  endforeach()
  # OpenSSL's headers are split: the common ones and the arch's configuration.
  file(GLOB headers /usr/include/openssl/* /usr/include/${WRPKIT_ZIG_MULTIARCH}/openssl/*)
  foreach(h ${headers})
    get_filename_component(name ${h} NAME)
    file(CREATE_LINK ${h} ${WRPKIT_ZIG_DEPS}/include/openssl/${name} SYMBOLIC)
  endforeach()
  foreach(lib libcrypto.a libssl.a)
    file(CREATE_LINK ${arch_lib}/${lib} ${WRPKIT_ZIG_DEPS}/lib/${lib} SYMBOLIC)
  endforeach()
  # Optional (the build says what it leaves out): hiredis for redis://, curl.h for http(s)://.
  if(EXISTS ${arch_lib}/libhiredis.a AND EXISTS /usr/include/hiredis)
    file(CREATE_LINK /usr/include/hiredis ${WRPKIT_ZIG_DEPS}/include/hiredis SYMBOLIC)
    file(CREATE_LINK ${arch_lib}/libhiredis.a ${WRPKIT_ZIG_DEPS}/lib/libhiredis.a SYMBOLIC)
  endif()
  # curl's headers are the same for every arch (curl/system.h asks the compiler).
  file(GLOB curl_dirs /usr/include/${WRPKIT_ZIG_MULTIARCH}/curl /usr/include/*-linux-gnu/curl /usr/include/curl)
  if(curl_dirs)
    list(GET curl_dirs 0 curl_dir)
    file(CREATE_LINK ${curl_dir} ${WRPKIT_ZIG_DEPS}/include/curl SYMBOLIC)
  endif()
endif()
set(CMAKE_FIND_ROOT_PATH ${WRPKIT_ZIG_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(OPENSSL_ROOT_DIR ${WRPKIT_ZIG_DEPS})
# pkg-config would describe this machine's OpenSSL (/usr/include): not asked.
set(ENV{PKG_CONFIG_LIBDIR} /nonexistent)
set(ENV{PKG_CONFIG_PATH} "")
# An aarch64 build's tests and checks run under qemu-user (Debian's arm64 libc).
if(CMAKE_SYSTEM_PROCESSOR STREQUAL aarch64)
  find_program(WRPKIT_QEMU_AARCH64 qemu-aarch64)
  if(WRPKIT_QEMU_AARCH64)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${WRPKIT_QEMU_AARCH64} -L /usr/aarch64-linux-gnu)
  endif()
endif()
