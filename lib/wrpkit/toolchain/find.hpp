// Finding the CUDA toolchain pieces wrpkit uses. Each piece (nvJitLink, nvFatbin,
// NVRTC, ptxas, fatbinary, cuobjdump) is looked up on its own, in the order
// NVIDIA's cuda-pathfinder uses, after an explicit root:
//   1. an explicit root (--cuda PATH)
//   2. a library already loaded into this process
//   3. the environment's NVIDIA pip wheels: python_site_packages() (wrp-build's
//      own, the Python API's, $VIRTUAL_ENV's, $CONDA_PREFIX's), then python3's
//      on PATH (site-packages/nvidia/cu13, .../cu12 and the per-package folders
//      of older wheels)
//   4. conda's own packages ($CONDA_PREFIX/lib, /bin)
//   5. the system: the dynamic loader's search (LD_LIBRARY_PATH, ld.so.cache)
//      for libraries, PATH for executables
//   6. $CUDA_HOME, $CUDA_PATH, then /usr/local/cuda
// So a toolkit without nvJitLink plus the nvidia-nvjitlink wheel works.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wrp {

namespace fs = std::filesystem;

struct ToolchainPaths {
  int major = 0;                                        // the CUDA major searched for (0: any, the newest first)
  std::vector<std::string> searched_places;             // in order, for error messages
  std::optional<fs::path> nvjitlink, nvfatbin, nvrtc;   // shared libraries
  std::optional<fs::path> ptxas, fatbinary, cuobjdump;  // executables

  std::string searched() const;  // "a, b, c" for error messages
};

// `major`: 13 or 12 finds that CUDA major's libraries (their sonames differ, so both
// load side by side); 0 the newest of any. Executables only for 13 and 0.
ToolchainPaths find_toolchain(const std::optional<fs::path>& explicit_root, int major = 0);
// Every toolchain: the CUDA 13 search, the CUDA 12 search, then each release in a
// folder of $WRPKIT_TOOLCHAINS (colon-separated; a folder of one release, as pip
// --target or a toolkit lays it out, or a folder of such folders), then each release
// `wrpkit toolchain install` put in toolchain_home(). A build picks per image the
// newest release whose output the target's driver loads (driver_floor.hpp).
std::vector<ToolchainPaths> find_toolchains(const std::optional<fs::path>& explicit_root);

// Where `wrpkit toolchain install` puts releases (python/wrpkit/toolchain.py, the same
// rule): $WRPKIT_TOOLCHAIN_HOME, else $XDG_CACHE_HOME/wrpkit/toolchains, else
// ~/.cache/wrpkit/toolchains. Each in cuda-X.Y, complete when its marker file is there.
fs::path toolchain_home();
inline constexpr const char* kToolchainMarker = "wrpkit-toolchain.json";

// python3's site-packages (sysconfig's purelib), asked of python3 on PATH with no
// shell; nullopt when there is no python3 or it names no existing folder. Starts
// Python (~50 ms): callers ask it last.
std::optional<fs::path> python_purelib();

// The site-packages this program was installed into by pip (the wheel puts the
// tools in site-packages/wrpkit/bin), if it was.
std::optional<fs::path> own_site_packages();

// The Python environments to look in, labelled, in order: wrp-build's own
// site-packages, $WRPKIT_SITE_PACKAGES (the Python API sets it to its own, so an
// environment is found without being activated), $VIRTUAL_ENV's, $CONDA_PREFIX's.
std::vector<std::pair<std::string, fs::path>> python_site_packages();

// What to tell a user who has no toolchain.
std::string toolchain_install_hint();

}  // namespace wrp
