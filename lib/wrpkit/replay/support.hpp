// Whether wrp-run can replay an artifact, decided from the artifact alone (no
// GPU): wrp-run refuses at load with these reasons, wrp-inspect reports them.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/replay/plan.hpp"

namespace wrp {

// One line per reason; empty when wrp-run replays it. `plan`: the artifact's replay
// plan (plan_replay of its ops), where the caller has it; else it is made here.
std::vector<std::string> replay_blockers(const Artifact& a, const ReplayPlan& plan);
std::vector<std::string> replay_blockers(const Artifact& a);
// Whether wrp-run builds the artifact's meshes (it has some, of the Warp release and BVH
// constructor it reproduces), so wrp-build compiles the mesh kernels for it.
bool builds_meshes(const Artifact& a);
// The artifact's replay plan: plan_replay of its ops over its regions; a launch of a
// kernel the metadata lacks is one of its problems.
ReplayPlan plan_replay(const Artifact& a);

}  // namespace wrp
