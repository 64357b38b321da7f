// Paths to the real Warp captures in shared/fixtures (see its README.md).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace fixtures {

inline std::filesystem::path dir() { return WRPKIT_FIXTURES; }

inline std::filesystem::path wrp(const std::string& name) { return dir() / name / (name + ".wrp"); }

inline std::vector<std::string> all() {
  return {"saxpy_ptx75",      "wave_ptx75",       "multi_module_ptx75", "tape_backward_ptx75",
          "capture_while_ptx75", "mesh_query_ptx75", "saxpy_ptx90",        "saxpy_cubin_sm90"};
}

// Captures by the released warp-lang 1.17.0 wheel, kept in this repository (tests/data).
inline std::vector<std::filesystem::path> warp117() {
  std::vector<std::filesystem::path> out;
  for (auto name : {"histogram", "particles", "tiles", "transforms", "unique_adjoint", "while_loop"})
    out.push_back(std::filesystem::path(WRPKIT_SOURCE_DIR) / "tests/data/warp-1.17.0-h200" / name /
                  (std::string(name) + ".wrp"));
  return out;
}

}  // namespace fixtures
