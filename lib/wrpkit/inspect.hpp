// The report wrp-inspect prints: what an artifact holds and where it loads.
// The JSON schema is documented in docs/inspect-json.md.
#pragma once
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "wrpkit/arch.hpp"
#include "wrpkit/hazards.hpp"

namespace wrp {

struct Artifact;

struct InspectReport {
  toml::table json;
  std::string text;
  std::vector<Hazard> hazards;
};

InspectReport inspect(const Artifact& a, const std::vector<Arch>& archs);

}  // namespace wrp
