// wrp-run's graph builder on any operation stream the walker accepts, through a
// fake driver whose every call succeeds: it may refuse an op (wrp::Error) but
// never crash, and it asks for exactly the constants bytes the runtime allocated
// up front (graph_constants_size), the invariant its single upload relies on,
// and no algorithm chain asks for more scratch than graph_scratch_size placed.
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "fuzz_target.hpp"
#include "wrpkit/formats/artifact.hpp"
#include "wrpkit/helpers/replay_algorithms.hpp"
#include "wrpkit/runtime/replay_graph.hpp"

namespace {

const wrp::Metadata& real_metadata() {
  static wrp::Metadata meta = [] {
    auto* env = std::getenv("WRPKIT_SOURCE_DIR");
    auto root = std::filesystem::path(env ? env : WRPKIT_SOURCE_DIR);
    try {
      return wrp::open_artifact(root / "tests/data/warp-1.17.0-h200/unique_adjoint/unique_adjoint.wrp", false).meta;
    } catch (const wrp::Error&) {
      return wrp::Metadata{};
    }
  }();
  return meta;
}

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
                              const wrp::CuMemcpy3D*, wrp::CUcontext) { *n = next_node(); return 0; };
  a.cuGraphAddMemsetNode = [](wrp::CUgraphNode* n, wrp::CUgraph, const wrp::CUgraphNode*, size_t,
                              const wrp::CuMemsetNodeParams*, wrp::CUcontext) { *n = next_node(); return 0; };
  a.cuGraphAddNode = [](wrp::CUgraphNode* n, wrp::CUgraph, const wrp::CUgraphNode*, size_t,
                        wrp::CuGraphNodeParams* p) {
    static wrp::CUgraph bodies[2];
    bodies[0] = reinterpret_cast<wrp::CUgraph>(g_next++);
    p->conditional.phGraph_out = bodies;
    *n = next_node();
    return 0;
  };
  a.cuGraphConditionalHandleCreate = [](wrp::CUgraphConditionalHandle* h, wrp::CUgraph, wrp::CUcontext, unsigned,
                                        unsigned) { *h = g_next++; return 0; };
  return a;
}

// Eight regions of 1 MiB at distinct addresses; kernels and helpers all resolve.
class Resources : public wrp::ReplayResources {
 public:
  wrp::CUdeviceptr address(int32_t id, uint64_t offset, uint64_t size) const override {
    uint64_t end = offset + size;
    if (id < 1 || id > 8 || end < offset || end > (1u << 20)) return 0;
    return (wrp::CUdeviceptr(id) << 32) + offset;
  }
  wrp::CUfunction kernel(const wrp::LaunchOp&, const std::string&) override { return this; }
  wrp::CUfunction helper(const char*, const std::string&) override { return this; }
  wrp::CUdeviceptr constant(wrp::ByteView bytes, const std::string&) override {
    asked += wrp::constant_slot(bytes.size());
    return 0x100000000000ull + asked;
  }
  wrp::CUdeviceptr scratch(uint64_t size, const std::string&) override {
    most_scratch = std::max(most_scratch, size);
    return 0x200000000000ull;
  }
  uint64_t asked = 0, most_scratch = 0;
};

}  // namespace

WRPKIT_FUZZ_TARGET(replay_graph) {
  auto summary = wrp::walk_ops("fuzz.wrp", input, 0x40, real_metadata());
  static const wrp::CudaApi driver = fake_driver();
  Resources res;
  wrp::build_graph(driver, nullptr, res, reinterpret_cast<wrp::CUgraph>(uintptr_t(1)), summary.ops, "fuzz.wrp");
  FUZZ_CHECK(res.asked == wrp::graph_constants_size(summary.ops));
  FUZZ_CHECK(res.most_scratch <= wrp::graph_scratch_size(summary.ops));
}
