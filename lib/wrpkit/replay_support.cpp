#include "wrpkit/replay_support.hpp"

#include <fmt/format.h>

#include <set>

#include "wrpkit/replay_helpers.hpp"

namespace wrp {

namespace {

// Ops that need wrp-run's helper kernels go to `need_helpers`, the rest of what blocks to `out`.
void collect_blockers(const std::vector<Op>& ops, std::set<std::string>& need_helpers, std::set<std::string>& out) {
  for (auto& o : ops) {
    if (op_needs_helpers(o.type)) {
      need_helpers.insert(op_name(o.type));
      collect_blockers(o.branch_a, need_helpers, out);
      collect_blockers(o.branch_b, need_helpers, out);
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
        out.insert(fmt::format("{} (a CUB-based op: wrp-run does not replay it yet)", op_name(o.type)));
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
  std::set<std::string> ops, need_helpers;
  collect_blockers(a.ops.ops, need_helpers, ops);
  if (!need_helpers.empty() && a.replay_helpers.empty())
    why.push_back(fmt::format("{} (need wrp-run's helper kernels, which wrp-build adds: rebuild the artifact with it)",
                              fmt::join(need_helpers, ", ")));
  why.insert(why.end(), ops.begin(), ops.end());
  return why;
}

}  // namespace wrp
