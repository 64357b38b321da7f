#include "wrpkit/replay/support.hpp"

#include <fmt/format.h>

#include <set>

#include "wrpkit/artifact/raw_addresses.hpp"

namespace wrp {

ReplayPlan plan_replay(const Artifact& a) { return plan_replay(a.ops.ops, a.regions, a.name() + ": operations"); }

std::vector<std::string> replay_blockers(const Artifact& a) { return replay_blockers(a, plan_replay(a)); }

std::vector<std::string> replay_blockers(const Artifact& a, const ReplayPlan& plan) {
  std::vector<std::string> why;
  if (a.is_cpu()) why.push_back("a CPU graph (wrp-run replays CUDA graphs)");
  if (a.container.version < 15)
    why.push_back(fmt::format("format {} (Warp 1.15): its launch layout is not verified; formats 15..18 replay",
                              a.container.version));
  if (!a.meta.meshes.empty())
    why.push_back(fmt::format("{} mesh(es) (need Warp's mesh and BVH code)", a.meta.meshes.size()));
  if (!plan.helper_entries.empty() && a.replay_helpers.empty())
    why.push_back(fmt::format("{} (need wrp-run's helper kernels, which wrp-build adds: rebuild the artifact with it)",
                              fmt::join(plan.helper_ops, ", ")));
  // Helpers from a wrp-build older than a kernel lack it (compressed images: unknown until load).
  for (auto& img : a.replay_helpers) {
    if (!img.entries_known) continue;
    std::set<std::string> have(img.entries.begin(), img.entries.end()), missing;
    for (auto& e : plan.helper_entries)
      if (!have.count(e)) missing.insert(e);
    if (!missing.empty()) {
      why.push_back(
          fmt::format("its wrp-run helper kernels ({}) lack {} (an older wrp-build made them: rebuild the "
                      "artifact with this one)",
                      img.arch.str(), fmt::join(missing, ", ")));
      break;
    }
  }
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
