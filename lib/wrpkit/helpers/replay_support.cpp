#include "wrpkit/helpers/replay_support.hpp"

#include <fmt/format.h>

#include <set>

#include "wrpkit/helpers/replay_helpers.hpp"

namespace wrp {

namespace {

// What blocks a replay goes to `out` (ops that need the helpers are named by helper_op_names).
void collect_blockers(const std::vector<Op>& ops, std::set<std::string>& out) {
  for (auto& o : ops) {
    if (op_needs_helpers(o.type)) {
      collect_blockers(o.branch_a, out);
      collect_blockers(o.branch_b, out);
      continue;
    }
    switch (o.type) {
      case kOpLaunch:
        if (o.launch.cluster_dim > 1) out.insert("kernel launches with thread-block clusters");
        break;
      case kOpMemcpyH2D: case kOpMemcpyD2D: case kOpMemset: case kOpAlloc:
        break;
      case kOpBvhRefit: case kOpBvhRebuild: case kOpHashGridUpdate: case kOpBsrFromTriplets: case kOpBsrTranspose:
        out.insert(fmt::format("{} (needs Warp's own native data structures)", op_name(o.type)));
        break;
      default:
        out.insert(fmt::format("{} (wrp-run does not replay this op)", op_name(o.type)));
    }
  }
}

}  // namespace

std::vector<std::string> replay_blockers(const Artifact& a) {
  std::vector<std::string> why;
  if (a.is_cpu()) why.push_back("a CPU graph (wrp-run replays CUDA graphs)");
  if (a.container.version < 15)
    why.push_back(fmt::format("format {} (Warp 1.15): its launch layout is not verified; formats 15..18 replay",
                              a.container.version));
  if (!a.meta.meshes.empty()) why.push_back(fmt::format("{} mesh(es) (need Warp's mesh and BVH code)", a.meta.meshes.size()));
  std::set<std::string> ops;
  collect_blockers(a.ops.ops, ops);
  auto entries = helper_entries_needed(a.ops.ops);
  if (auto names = helper_op_names(a.ops.ops); !names.empty() && a.replay_helpers.empty())
    why.push_back(fmt::format("{} (need wrp-run's helper kernels, which wrp-build adds: rebuild the artifact with it)",
                              fmt::join(names, ", ")));
  // Helpers from a wrp-build older than a kernel lack it (compressed images: unknown until load).
  for (auto& img : a.replay_helpers) {
    if (!img.entries_known) continue;
    std::set<std::string> have(img.entries.begin(), img.entries.end()), missing;
    for (auto& e : entries)
      if (!have.count(e)) missing.insert(e);
    if (!missing.empty()) {
      why.push_back(fmt::format("its wrp-run helper kernels ({}) lack {} (an older wrp-build made them: rebuild the "
                                "artifact with this one)", img.arch.str(), fmt::join(missing, ", ")));
      break;
    }
  }
  why.insert(why.end(), ops.begin(), ops.end());
  return why;
}

}  // namespace wrp
