#include "wrpkit/replay/support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "wrpkit/artifact/raw_addresses.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/mesh_bvh.hpp"
#include "wrpkit/replay/mesh_releases.hpp"

namespace wrp {

namespace {

// Entries of `wanted` an image of `images` lacks (a wrp-build older than a kernel), or "".
std::string missing_entries(const std::vector<Image>& images, const std::vector<std::string>& wanted) {
  for (auto& img : images) {
    if (!img.entries_known) continue;  // compressed images: unknown until load
    std::set<std::string> have(img.entries.begin(), img.entries.end()), missing;
    for (auto& e : wanted)
      if (!have.count(e)) missing.insert(e);
    if (!missing.empty()) return fmt::format("{} lack {}", img.arch.str(), fmt::join(missing, ", "));
  }
  return "";
}

// Warp's host builders (SAH, median) are reproduced node for node; its GPU LBVH is not yet.
bool builds_tree(const MeshRecord& m) {
  return m.bvh_constructor == uint8_t(BvhConstructor::sah) || m.bvh_constructor == uint8_t(BvhConstructor::median);
}

// wrp-run builds meshes as the artifact's own loader does (mesh_releases.hpp), with its
// host tree (mesh_bvh.hpp), through kernels compiled from Warp's headers (the wrpkit-mesh
// section).
void mesh_blockers(const Artifact& a, std::vector<std::string>& why) {
  auto& meshes = a.meta.meshes;
  if (meshes.empty()) return;
  if (auto rules = mesh_rules(a.meta); !rules.why_not.empty()) {
    why.push_back(fmt::format("{} mesh(es): {}", meshes.size(), rules.why_not));
    return;
  }
  for (size_t i = 0; i < meshes.size(); ++i) {
    auto& m = meshes[i];
    if (!builds_tree(m))
      why.push_back(
          fmt::format("mesh {}'s BVH constructor lbvh (wrp-run builds Warp's host trees, SAH and median: "
                      "re-capture with bvh_constructor=\"sah\")",
                      i));
    auto* points = find_region(a.regions, m.points_region);
    if (points && !points->has_initial_data)
      why.push_back(fmt::format("mesh {}'s points (region {}) were saved without data", i, m.points_region));
  }
  if (a.mesh_helpers.empty()) {
    why.push_back(
        fmt::format("{} mesh(es) (need wrp-run's mesh kernels, which wrp-build compiles from Warp's headers: "
                    "rebuild the artifact with wrp-build where warp-lang=={} is installed)",
                    meshes.size(), mesh_headers_release(a.meta)));
  } else if (auto lack = missing_entries(a.mesh_helpers, mesh_kernel_entries()); !lack.empty()) {
    why.push_back(
        fmt::format("its wrp-run mesh kernels ({}; an older wrp-build made them: rebuild the artifact "
                    "with this one)",
                    lack));
  }
}

}  // namespace

bool builds_meshes(const Artifact& a) {
  auto& meshes = a.meta.meshes;
  return !meshes.empty() && mesh_rules(a.meta).why_not.empty() &&
         std::all_of(meshes.begin(), meshes.end(), builds_tree);
}

ReplayPlan plan_replay(const Artifact& a) {
  auto remedy = damaged_remedy(a);
  auto plan = plan_replay(a.ops.ops, a.regions, a.name() + ": operations", remedy);
  // A launch the metadata has no kernel for cannot be replayed (nor loaded by Warp): a
  // problem of the plan, refused before the driver is touched, not once the graph is built.
  for (auto& [kernel, n] : a.ops.unresolved)
    plan.problems.push_back(
        fmt::format("{}: operations: {} launch(es) of kernel '{}' in module hash '{}' name no "
                    "kernel of the metadata; {}",
                    a.name(), n, printable(kernel.second), printable(kernel.first), remedy));
  return plan;
}

std::vector<std::string> replay_blockers(const Artifact& a) { return replay_blockers(a, plan_replay(a)); }

std::vector<std::string> replay_blockers(const Artifact& a, const ReplayPlan& plan) {
  std::vector<std::string> why;
  if (a.is_cpu()) why.push_back("a CPU graph (wrp-run replays CUDA graphs)");
  // Warp 1.15's format 14 is 1.16's 15 less the ops 1.16 added (its apic_types.h, launch
  // code and launch_bounds_t are the same); no release writes 13, so nothing shows its layout.
  if (a.container.version < 14)
    why.push_back(fmt::format("format {} (written by no Warp release): formats 14..18 replay", a.container.version));
  mesh_blockers(a, why);
  if (!plan.helper_entries.empty() && a.replay_helpers.empty())
    why.push_back(fmt::format("{} (need wrp-run's helper kernels, which wrp-build adds: rebuild the artifact with it)",
                              fmt::join(plan.helper_ops, ", ")));
  // Helpers from a wrp-build older than a kernel lack it (compressed images: unknown until load).
  if (auto lack = missing_entries(a.replay_helpers, plan.helper_entries); !lack.empty())
    why.push_back(
        fmt::format("its wrp-run helper kernels ({}; an older wrp-build made them: rebuild the artifact "
                    "with this one)",
                    lack));
  for (auto& r : find_raw_addresses(a))
    if (r.typed)  // the source says it is a 64-bit number: the value says it is an address
      why.push_back(
          fmt::format("{}'s parameter {} is the device address {:#x} of the capturing process, saved as a "
                      "plain wp.uint64 (any replay reads through it): re-capture passing it as wp.handle",
                      r.kernel, r.param, r.value));
  why.insert(why.end(), plan.blockers.begin(), plan.blockers.end());
  return why;
}

}  // namespace wrp
