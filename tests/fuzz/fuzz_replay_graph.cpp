// wrp-run's replay plan and graph builder on any operation stream the walker
// accepts, through a fake driver whose every call succeeds: planning records bad
// input as problems and never throws it; the constants sit in consecutive slots
// of exactly the area the runtime allocates (its single upload relies on it), and
// no node addresses scratch or constants outside the areas the plan sized.
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "fuzz_target.hpp"
#include "real_metadata.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/replay/graph.hpp"
#include "wrpkit/replay/plan.hpp"

namespace {

uintptr_t g_next = 1;
wrp::CUgraphNode next_node() { return reinterpret_cast<wrp::CUgraphNode>(g_next++); }

wrp::CudaApi fake_driver() {
  wrp::CudaApi a{};
  a.cuGraphAddKernelNode = [](wrp::CUgraphNode* n, wrp::CUgraph, const wrp::CUgraphNode*, size_t,
                              const wrp::CuKernelNodeParams*) {
    *n = next_node();
    return 0;
  };
  a.cuGraphAddMemcpyNode = [](wrp::CUgraphNode* n, wrp::CUgraph, const wrp::CUgraphNode*, size_t,
                              const wrp::CuMemcpy3D*, wrp::CUcontext) {
    *n = next_node();
    return 0;
  };
  a.cuGraphAddMemsetNode = [](wrp::CUgraphNode* n, wrp::CUgraph, const wrp::CUgraphNode*, size_t,
                              const wrp::CuMemsetNodeParams*, wrp::CUcontext) {
    *n = next_node();
    return 0;
  };
  a.cuGraphAddNode = [](wrp::CUgraphNode* n, wrp::CUgraph, const wrp::CUgraphNode*, size_t, wrp::CuGraphNodeParams* p) {
    static wrp::CUgraph bodies[2];
    bodies[0] = reinterpret_cast<wrp::CUgraph>(g_next++);
    p->conditional.phGraph_out = bodies;
    *n = next_node();
    return 0;
  };
  a.cuGraphConditionalHandleCreate = [](wrp::CUgraphConditionalHandle* h, wrp::CUgraph, wrp::CUcontext, unsigned,
                                        unsigned) {
    *h = g_next++;
    return 0;
  };
  return a;
}

// Eight regions of 1 MiB at distinct addresses; kernels and helpers all resolve.
class Resources : public wrp::ReplayResources {
 public:
  explicit Resources(const wrp::ReplayPlan& plan) : plan_(plan) {}
  wrp::CUdeviceptr address(const wrp::Operand& p) const override {
    switch (p.area) {
      case wrp::Operand::Area::region:
        if (p.region < 1 || p.region > 8 || p.offset > (1u << 20)) return 0;
        return (wrp::CUdeviceptr(p.region) << 32) + p.offset;
      case wrp::Operand::Area::constants:
        FUZZ_CHECK(p.offset < plan_.constants_size);
        return 0x100000000000ull + p.offset;
      case wrp::Operand::Area::scratch: FUZZ_CHECK(p.offset < plan_.scratch_size); return 0x200000000000ull + p.offset;
      case wrp::Operand::Area::none: break;
    }
    return 0;
  }
  wrp::CUfunction kernel(const wrp::LaunchOp&, const std::string&) override { return this; }
  wrp::CUfunction helper(const char*, const std::string&) override { return this; }
  bool clusters() const override { return true; }

 private:
  const wrp::ReplayPlan& plan_;
};

std::vector<wrp::Region> eight_regions() {
  std::vector<wrp::Region> r;
  for (uint32_t id = 1; id <= 8; ++id) r.push_back({id, 4, 1u << 20, false, 0});
  return r;
}

}  // namespace

WRPKIT_FUZZ_TARGET(replay_graph) {
  auto summary = wrp::walk_ops("fuzz.wrp", input, 0x40, real_metadata());
  static const wrp::CudaApi driver = fake_driver();
  static const auto regions = eight_regions();
  auto plan = wrp::plan_replay(summary.ops, regions, "fuzz.wrp");  // never throws bad input
  uint64_t end = 0;
  for (auto& c : plan.constants) {
    FUZZ_CHECK(c.offset == end);
    end += (c.bytes.size() + wrp::kAreaAlign - 1) / wrp::kAreaAlign * wrp::kAreaAlign;
  }
  FUZZ_CHECK(end == plan.constants_size);
  for (auto& p : plan.problems) FUZZ_CHECK(!p.empty() && p.find('\n') == std::string::npos);
  if (!plan.problems.empty()) return;  // the runtime refuses these before any driver call
  Resources res(plan);
  wrp::build_graph(driver, nullptr, res, reinterpret_cast<wrp::CUgraph>(uintptr_t(1)), plan);
}
