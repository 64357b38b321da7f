#include "wrpkit/replay/graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/launch_args.hpp"

namespace wrp {

namespace {

class Emitter {
 public:
  Emitter(const CudaApi& cu, CUcontext ctx, ReplayResources& res, const ReplayPlan& plan)
      : cu_(cu), ctx_(ctx), res_(res), handles_(plan.handles, 0), made_(plan.handles, false) {}

  // Appends `nodes` as a chain whose first node follows `deps` (none: a start of the
  // graph); returns the chain's last node, nullptr for no nodes.
  CUgraphNode chain(CUgraph g, std::vector<CUgraphNode> deps, const std::vector<PlanNode>& nodes) {
    CUgraphNode last = nullptr;
    for (auto& n : nodes) {
      switch (n.kind) {
        case PlanNode::Kind::launch: last = launch(g, deps, n); break;
        case PlanNode::Kind::helper: last = helper(g, deps, n); break;
        case PlanNode::Kind::copy: last = copy(g, deps, n); break;
        case PlanNode::Kind::memset: last = memset(g, deps, n); break;
        case PlanNode::Kind::conditional: last = conditional(g, deps, n); break;
      }
      deps.assign(1, last);
    }
    return last;
  }

 private:
  using Deps = std::vector<CUgraphNode>;

  template <class F>
  CUgraphNode add(const Deps& deps, const std::string& what, F&& make) {
    CUgraphNode n = nullptr;
    cu_.check(make(&n, deps.empty() ? nullptr : deps.data(), deps.size()), what);
    return n;
  }

  CUgraphNode kernel_node(CUgraph g, const Deps& deps, CUfunction f, LaunchGrid grid, unsigned smem, void** args,
                          const std::string& w) {
    CuKernelNodeParams p{f, grid.x, grid.y, grid.z, grid.block, 1, 1, smem, args, nullptr};
    // The driver copies the argument bytes into the node: they need not outlive this call.
    return add(deps, w, [&](CUgraphNode* n, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddKernelNode(n, g, d, k, &p);
    });
  }

  CUgraphNode launch(CUgraph g, const Deps& deps, const PlanNode& n) {
    auto f = res_.kernel(*n.launch, n.where);
    auto args = pack_launch_args(
        *n.launch,
        [&](int32_t id, uint64_t off) { return id > 0 ? res_.address(Operand::in_region(uint32_t(id), off)) : 0; },
        n.where, [&](uint64_t captured) { return res_.handle(captured); });
    std::vector<void*> ptrs;
    for (auto& b : args) ptrs.push_back(b.data());
    return kernel_node(g, deps, f, res_.clusters() ? n.cluster_grid : n.grid, n.smem, ptrs.data(), n.where);
  }

  // A conditional's handle, made in the graph that first uses it (where its node goes).
  CUgraphConditionalHandle handle(CUgraph g, uint32_t index, const std::string& w) {
    if (made_[index]) return handles_[index];
    if (!cu_.cuGraphAddNode || !cu_.cuGraphConditionalHandleCreate) {
      int v = 0;
      cu_.cuDriverGetVersion(&v);
      fail(Exit::toolchain, fmt::format("{}: this driver (CUDA {}.{}) has no conditional graph nodes, which if/while "
                                        "need: update to a CUDA 12.4 or newer driver",
                                        w, v / 1000, v % 1000 / 10));
    }
    cu_.check(cu_.cuGraphConditionalHandleCreate(&handles_[index], g, ctx_, 0, 0),
              w + ": cuGraphConditionalHandleCreate");
    made_[index] = true;
    return handles_[index];
  }

  // Each argument's bytes as wide as the kernel declares it, in one buffer of 8-byte slots.
  CUgraphNode helper(CUgraph g, const Deps& deps, const PlanNode& n) {
    std::vector<uint64_t> slots(n.args.size());
    std::vector<void*> ptrs(n.args.size());
    for (size_t i = 0; i < n.args.size(); ++i) {
      auto& a = n.args[i];
      uint64_t v = a.kind == KernelArg::Kind::pointer  ? res_.address(a.pointer)
                   : a.kind == KernelArg::Kind::handle ? handle(g, uint32_t(a.value), n.where)
                                                       : a.value;
      std::memcpy(&slots[i], &v, sizeof v);  // little-endian: a 4-byte parameter is the low half
      ptrs[i] = &slots[i];
    }
    return kernel_node(g, deps, res_.helper(n.entry.c_str(), n.where), n.grid, 0, ptrs.data(), n.where);
  }

  CUgraphNode copy(CUgraph g, const Deps& deps, const PlanNode& n) {
    CuMemcpy3D p{};
    p.srcMemoryType = p.dstMemoryType = kCuMemoryTypeDevice;
    p.srcDevice = res_.address(n.src);
    p.dstDevice = res_.address(n.dst);
    p.WidthInBytes = n.bytes;
    p.Height = p.Depth = 1;
    return add(deps, n.where, [&](CUgraphNode* node, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddMemcpyNode(node, g, d, k, &p, ctx_);
    });
  }

  CUgraphNode memset(CUgraph g, const Deps& deps, const PlanNode& n) {
    CuMemsetNodeParams p{res_.address(n.dst), 0, n.value, 1, n.bytes, 1};
    return add(deps, n.where, [&](CUgraphNode* node, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddMemsetNode(node, g, d, k, &p, ctx_);
    });
  }

  // A conditional node after `deps`, then its body built into the one graph it owns.
  CUgraphNode conditional(CUgraph g, const Deps& deps, const PlanNode& n) {
    CuGraphNodeParams p{};
    p.type = kCuGraphNodeConditional;
    p.conditional = {handle(g, n.handle, n.where), n.cond == CondKind::while_ ? kCuCondWhile : kCuCondIf, 1, nullptr,
                     ctx_};
    auto node = add(deps, n.where + ": conditional node", [&](CUgraphNode* out, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddNode(out, g, d, k, &p);
    });
    chain(p.conditional.phGraph_out[0], {}, n.body);
    return node;
  }

  const CudaApi& cu_;
  CUcontext ctx_;
  ReplayResources& res_;
  std::vector<CUgraphConditionalHandle> handles_;
  std::vector<bool> made_;
};

}  // namespace

void build_graph(const CudaApi& cu, CUcontext ctx, ReplayResources& res, CUgraph graph, const ReplayPlan& plan) {
  Emitter(cu, ctx, res, plan).chain(graph, {}, plan.nodes);
}

CUgraphNode append_graph(const CudaApi& cu, CUcontext ctx, ReplayResources& res, CUgraph graph, const ReplayPlan& plan,
                         const std::vector<CUgraphNode>& deps) {
  return Emitter(cu, ctx, res, plan).chain(graph, deps, plan.nodes);
}

}  // namespace wrp
