#include "wrpkit/runtime/replay_graph.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/launch_args.hpp"
#include "wrpkit/helpers/replay_algorithms.hpp"
#include "wrpkit/helpers/replay_helpers.hpp"

namespace wrp {

namespace {

constexpr unsigned kFillBlock = 256, kFillMaxBlocks = 1u << 16;

class Builder {
 public:
  Builder(const CudaApi& cu, CUcontext ctx, ReplayResources& res) : cu_(cu), ctx_(ctx), res_(res) {}

  // Appends `ops` after `prev` (nullptr: the graph's first node); returns the chain's last node.
  CUgraphNode chain(CUgraph g, CUgraphNode prev, const std::vector<Op>& ops, const std::string& where) {
    for (size_t i = 0; i < ops.size(); ++i) {
      auto& o = ops[i];
      auto w = fmt::format("{}[{}] ({}, offset {})", where, i, op_name(o.type), o.offset);
      switch (o.type) {
        case kOpLaunch: prev = launch(g, prev, o.launch, w); break;
        case kOpMemcpyH2D:
          if (o.size) prev = copy(g, prev, need(o.dst_region, o.dst_offset, o.size, w), res_.constant(o.data, w),
                                  o.size, w);
          break;
        case kOpMemcpyD2D:
          if (o.size) prev = copy(g, prev, need(o.dst_region, o.dst_offset, o.size, w),
                                  need(o.src_region, o.src_offset, o.size, w), o.size, w);
          break;
        case kOpMemset:
          if (o.size) prev = memset(g, prev, need(o.dst_region, o.dst_offset, o.size, w), uint8_t(o.value), o.size, w);
          break;
        case kOpAlloc: break;  // every region is allocated at load
        case kOpMemtile: prev = memtile(g, prev, o, w); break;
        case kOpIf: prev = if_else(g, prev, o, w); break;
        case kOpWhile: prev = while_loop(g, prev, o, w); break;
        case kOpScan: case kOpReduction: case kOpRadixSort: case kOpSegmentedSort: case kOpRunlengthEncode:
          prev = algorithm(g, prev, o, w);
          break;
        default:  // replay_blockers refuses these before anything is built
          fail(Exit::target, fmt::format("{}: wrp-run does not replay this op", w));
      }
    }
    return prev;
  }

 private:
  // `what` names the operand where an op has several (an algorithm's keys, values, ...).
  CUdeviceptr need(int32_t id, uint64_t offset, uint64_t size, const std::string& w, const char* what = nullptr) const {
    auto p = res_.address(id, offset, size);
    if (!p)
      fail(Exit::bad_input, fmt::format("{}: {}{} bytes at offset {} of region {} lie outside the regions the file holds",
                                        w, what ? fmt::format("its {}, ", what) : "", size, offset, id));
    return p;
  }

  template <class F>
  CUgraphNode add(CUgraphNode prev, const std::string& what, F&& make) {
    CUgraphNode n = nullptr;
    cu_.check(make(&n, prev ? &prev : nullptr, prev ? 1 : 0), what);
    return n;
  }

  CUgraphNode kernel_node(CUgraph g, CUgraphNode prev, CUfunction f, LaunchGrid grid, unsigned smem, void** args,
                          const std::string& w) {
    CuKernelNodeParams p{f, grid.x, grid.y, grid.z, grid.block, 1, 1, smem, args, nullptr};
    // The driver copies the argument bytes into the node: they need not outlive this call.
    return add(prev, w, [&](CUgraphNode* n, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddKernelNode(n, g, d, k, &p);
    });
  }

  CUgraphNode launch(CUgraph g, CUgraphNode prev, const LaunchOp& l, const std::string& w) {
    auto f = res_.kernel(l, w);
    auto grid = launch_grid(l, w);
    if (grid.empty) return prev;
    auto args = pack_launch_args(l, [&](int32_t id, uint64_t off) { return res_.address(id, off, 0); }, w);
    std::vector<void*> ptrs;
    for (auto& b : args) ptrs.push_back(b.data());
    return kernel_node(g, prev, f, grid, unsigned(std::max(l.smem_bytes, 0)), ptrs.data(), w);
  }

  CUgraphNode copy(CUgraph g, CUgraphNode prev, CUdeviceptr dst, CUdeviceptr src, uint64_t size, const std::string& w) {
    CuMemcpy3D p{};
    p.srcMemoryType = p.dstMemoryType = kCuMemoryTypeDevice;
    p.srcDevice = src;
    p.dstDevice = dst;
    p.WidthInBytes = size;
    p.Height = p.Depth = 1;
    return add(prev, w, [&](CUgraphNode* n, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddMemcpyNode(n, g, d, k, &p, ctx_);
    });
  }

  // count copies of the value: the widest word dividing the value's size and the
  // destination's alignment, so the helper's stores coalesce.
  CUgraphNode memtile(CUgraph g, CUgraphNode prev, const Op& o, const std::string& w) {
    uint64_t value = o.data.size(), count = o.size;
    if (!value || !count) return prev;
    if (count > UINT64_MAX / value)
      fail(Exit::bad_input, fmt::format("{}: {} copies of {} bytes overflow", w, count, value));
    CUdeviceptr dst = need(o.dst_region, o.dst_offset, value * count, w);
    CUdeviceptr pattern = res_.constant(o.data, w);
    int word = 8;
    while (word > 1 && (value % word || dst % word)) word /= 2;
    uint64_t pattern_words = value / word, total_words = value * count / word;
    LaunchGrid grid;
    grid.block = kFillBlock;
    grid.x = unsigned(std::min<uint64_t>((total_words + kFillBlock - 1) / kFillBlock, kFillMaxBlocks));
    void* args[] = {&dst, &pattern, &pattern_words, &total_words, &word};
    return kernel_node(g, prev, res_.helper(kHelperMemtile, w), grid, 0, args, w);
  }

  // The op's chain of helper kernels, copies and memsets, each node after the last.
  CUgraphNode algorithm(CUgraph g, CUgraphNode prev, const Op& o, const std::string& w) {
    struct Sink final : NodeSink {
      Builder& b;
      CUgraph g;
      CUgraphNode prev;
      const std::string& w;
      Sink(Builder& b, CUgraph g, CUgraphNode prev, const std::string& w) : b(b), g(g), prev(prev), w(w) {}
      void kernel(const std::string& entry, LaunchGrid grid, void** args) override {
        prev = b.kernel_node(g, prev, b.res_.helper(entry.c_str(), w), grid, 0, args, w);
      }
      void copy(CUdeviceptr dst, CUdeviceptr src, uint64_t bytes) override { prev = b.copy(g, prev, dst, src, bytes, w); }
      void zero(CUdeviceptr dst, uint64_t bytes) override { prev = b.memset(g, prev, dst, 0, bytes, w); }
    } sink(*this, g, prev, w);
    auto operand = [&](const RegionRef& r, uint64_t bytes, const char* what) {
      return need(r.region, r.offset, bytes, w, what);
    };
    uint64_t need_scratch = algorithm_scratch_size(o);
    append_algorithm(sink, o, operand, need_scratch ? res_.scratch(need_scratch, w) : 0, w);
    return sink.prev;
  }

  CUgraphNode memset(CUgraph g, CUgraphNode prev, CUdeviceptr dst, uint8_t value, uint64_t size, const std::string& w) {
    CuMemsetNodeParams p{dst, 0, value, 1, size, 1};
    return add(prev, w, [&](CUgraphNode* n, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddMemsetNode(n, g, d, k, &p, ctx_);
    });
  }

  CUgraphConditionalHandle handle(CUgraph g, const std::string& w) {
    if (!cu_.cuGraphAddNode || !cu_.cuGraphConditionalHandleCreate) {
      int v = 0;
      cu_.cuDriverGetVersion(&v);
      fail(Exit::toolchain, fmt::format("{}: this driver (CUDA {}.{}) has no conditional graph nodes, which if/while "
                                        "need: update to a CUDA 12.4 or newer driver",
                                        w, v / 1000, v % 1000 / 10));
    }
    CUgraphConditionalHandle h = 0;
    cu_.check(cu_.cuGraphConditionalHandleCreate(&h, g, ctx_, 0, 0), w + ": cuGraphConditionalHandleCreate");
    return h;
  }

  // A conditional node of `type` after `prev`; its one body graph in `body`.
  CUgraphNode conditional(CUgraph g, CUgraphNode prev, int type, CUgraphConditionalHandle h, CUgraph& body,
                          const std::string& w) {
    CuGraphNodeParams p{};
    p.type = kCuGraphNodeConditional;
    p.conditional = {h, type, 1, nullptr, ctx_};
    auto n = add(prev, w + ": conditional node", [&](CUgraphNode* n, const CUgraphNode* d, size_t k) {
      return cu_.cuGraphAddNode(n, g, d, k, &p);
    });
    body = p.conditional.phGraph_out[0];
    return n;
  }

  CUgraphNode set_condition(CUgraph g, CUgraphNode prev, CUgraphConditionalHandle h, CUdeviceptr cond, int negate,
                            const std::string& w) {
    void* args[] = {&h, &cond, &negate};
    return kernel_node(g, prev, res_.helper(kHelperSetCondition, w), LaunchGrid{1, 1, 1, 1}, 0, args, w);
  }

  // As stock Warp: one IF node per present branch, both conditions set by one
  // kernel before either runs (so the first branch changing the condition does
  // not also run the second).
  CUgraphNode if_else(CUgraph g, CUgraphNode prev, const Op& o, const std::string& w) {
    bool has_a = !o.branch_a.empty(), has_b = !o.branch_b.empty();
    if (!has_a && !has_b) return prev;
    CUdeviceptr cond = need(o.dst_region, o.dst_offset, sizeof(int32_t), w);
    CUgraph body = nullptr;
    if (has_a != has_b) {
      auto h = handle(g, w);
      prev = set_condition(g, prev, h, cond, has_a ? 0 : 1, w);
      prev = conditional(g, prev, kCuCondIf, h, body, w);
      chain(body, nullptr, has_a ? o.branch_a : o.branch_b, w + (has_a ? ".branch_a" : ".branch_b"));
      return prev;
    }
    auto h_if = handle(g, w), h_else = handle(g, w);
    void* args[] = {&h_if, &h_else, &cond};
    prev = kernel_node(g, prev, res_.helper(kHelperSetIfElse, w), LaunchGrid{1, 1, 1, 1}, 0, args, w);
    prev = conditional(g, prev, kCuCondIf, h_if, body, w);
    chain(body, nullptr, o.branch_a, w + ".branch_a");
    prev = conditional(g, prev, kCuCondIf, h_else, body, w);
    chain(body, nullptr, o.branch_b, w + ".branch_b");
    return prev;
  }

  // The condition is evaluated before the loop and again at the end of each pass.
  // An empty body would spin forever on a true condition: like an empty if, it is no node.
  CUgraphNode while_loop(CUgraph g, CUgraphNode prev, const Op& o, const std::string& w) {
    if (o.branch_a.empty()) return prev;
    CUdeviceptr cond = need(o.dst_region, o.dst_offset, sizeof(int32_t), w);
    auto h = handle(g, w);
    prev = set_condition(g, prev, h, cond, 0, w);
    CUgraph body = nullptr;
    prev = conditional(g, prev, kCuCondWhile, h, body, w);
    auto last = chain(body, nullptr, o.branch_a, w + ".body");
    set_condition(body, last, h, cond, 0, w);
    return prev;
  }

  const CudaApi& cu_;
  CUcontext ctx_;
  ReplayResources& res_;
};

}  // namespace

uint64_t graph_constants_size(const std::vector<Op>& ops) {
  uint64_t total = 0;
  for (auto& o : ops) {
    // as Builder::chain: memcpy_h2d of a non-zero size, memtile of a non-empty value and count
    if (o.type == kOpMemcpyH2D && o.size) total += constant_slot(o.data.size());
    if (o.type == kOpMemtile && !o.data.empty() && o.size) total += constant_slot(o.data.size());
    total += graph_constants_size(o.branch_a) + graph_constants_size(o.branch_b);
  }
  return total;
}

void build_graph(const CudaApi& cu, CUcontext ctx, ReplayResources& res, CUgraph graph, const std::vector<Op>& ops,
                 const std::string& where) {
  Builder(cu, ctx, res).chain(graph, nullptr, ops, where);
}

}  // namespace wrp
