# Cross build for 64-bit Arm Linux (Jetson Orin/Thor, Grace hosts) with Debian's
# cross GCC (g++-aarch64-linux-gnu) and multiarch libraries (libssl-dev:arm64):
#   cmake -S . -B build-aarch64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#         -DWRPKIT_SELF_CONTAINED=ON
# Tests run the aarch64 binaries under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR).
# The header-only dependencies (CLI11, toml++, spdlog, fmt's headers) are the build
# machine's; with WRPKIT_SELF_CONTAINED nothing of them is linked from there.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Libraries only for the target (its multiarch folder and the cross sysroot);
# programs from the build machine; headers and CMake packages from both.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
find_program(WRPKIT_QEMU_AARCH64 qemu-aarch64)
if(WRPKIT_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${WRPKIT_QEMU_AARCH64} -L /usr/aarch64-linux-gnu)
endif()
# pkg-config (FindOpenSSL asks it) must describe the target's libraries, not the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
