// What can go wrong when an artifact is loaded, found by reading it offline.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"

namespace wrp {

struct Artifact;

struct Hazard {
  std::string code;    // stable identifier, e.g. "cubin_only"
  std::string module;  // module file name, empty for graph-wide hazards
  std::string message;
};

// `archs`: the GPUs the user plans to deploy on (may be empty).
std::vector<Hazard> find_hazards(const Artifact& a, const std::vector<Arch>& archs);

}  // namespace wrp
