// Finding the CUDA toolchain pieces wrpkit uses, in this order:
//   1. an explicit root (--cuda PATH)
//   2. $CUDA_HOME, $CUDA_PATH
//   3. pip wheels in the active Python environment (site-packages/nvidia/cu13,
//      .../cu12 and the per-package folders of older wheels)
//   4. /usr/local/cuda
// Each piece is looked up separately, so a toolkit without nvJitLink plus the
// nvidia-nvjitlink wheel works.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace wrp {

namespace fs = std::filesystem;

struct ToolchainPaths {
  std::vector<fs::path> roots;  // searched, in order
  std::optional<fs::path> nvjitlink, nvfatbin, nvrtc;  // shared libraries
  std::optional<fs::path> ptxas, fatbinary, cuobjdump;  // executables

  std::string searched() const;  // "a, b, c" for error messages
};

ToolchainPaths find_toolchain(const std::optional<fs::path>& explicit_root);

// python3's site-packages (sysconfig's purelib), asked of python3 on PATH with no
// shell; nullopt when there is no python3 or it names no existing folder. Starts
// Python (~50 ms): callers ask it last.
std::optional<fs::path> python_purelib();

// What to tell a user who has no toolchain.
std::string toolchain_install_hint();

}  // namespace wrp
