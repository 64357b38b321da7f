// Whether wrp-run can replay an artifact, decided from the artifact alone (no
// GPU): wrp-run refuses at load with these reasons, wrp-inspect reports them.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/formats/artifact.hpp"

namespace wrp {

// One line per reason; empty when wrp-run replays it.
std::vector<std::string> replay_blockers(const Artifact& a);

}  // namespace wrp
