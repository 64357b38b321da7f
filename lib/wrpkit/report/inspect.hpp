// The report wrp-inspect prints: what an artifact holds and where it loads.
// The JSON schema is documented in docs/inspect-json.md.
#pragma once
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/cuda_version.hpp"
#include "wrpkit/report/hazards.hpp"

namespace wrp {

struct Artifact;

struct InspectReport {
  toml::table json;
  std::string text;
  std::vector<Hazard> hazards;
};

// `driver`: the load matrix for GPUs under a driver of that CUDA release (--driver).
InspectReport inspect(const Artifact& a, const std::vector<Arch>& archs, std::optional<CudaVersion> driver = std::nullopt);

// wrp-inspect --arch as a yes/no check: 0 when the artifact loads as SASS on every GPU
// in `archs` (and for none given), 1 when some needs a JIT (PTX, or retained source),
// 2 when some cannot load it (artifact_load_path).
int load_matrix_exit_code(const Artifact& a, const std::vector<Arch>& archs,
                          std::optional<CudaVersion> driver = std::nullopt);

}  // namespace wrp
