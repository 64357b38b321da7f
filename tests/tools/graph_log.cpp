// wrpkit-graph-log CAPTURE.wrp...: every driver call wrp-run would make to build each
// capture's graph, through a fake driver that records them: each node's kind, graph,
// dependency, kernel (by entry name), grid, shared memory and argument bytes, each
// copy's and memset's addresses and sizes, each conditional and handle, and the
// constants uploaded. Regions sit at id << 32, the constants at 0x1000'0000'0000,
// scratch at 0x2000'0000'0000. Prints one line per capture with a digest of that
// record (--dump: the record itself), so a refactor of the replay plan or the graph
// builder can show that no call changed (scripts/build-digests).
#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/launch_args.hpp"
#include "wrpkit/replay/graph.hpp"
#include "wrpkit/replay/plan.hpp"
#include "wrpkit/replay/support.hpp"

using namespace wrp;

namespace {

std::string g_log;
uintptr_t g_next = 1;
std::set<std::string> g_names;  // kernels are named by a pointer to their entry name
const LaunchOp* g_launch = nullptr;
const PlanNode* g_node = nullptr;  // the helper node being emitted: its argument widths
std::function<uint64_t(int32_t, uint64_t)> g_resolve;

uintptr_t dep(const CUgraphNode* d, size_t k) { return k ? reinterpret_cast<uintptr_t>(d[0]) : 0; }
CUgraphNode next() { return reinterpret_cast<CUgraphNode>(g_next++); }

CUresult kernel(CUgraphNode* n, CUgraph g, const CUgraphNode* d, size_t k, const CuKernelNodeParams* p) {
  std::string name = static_cast<const char*>(static_cast<const void*>(p->func));
  g_log += fmt::format("kernel g{} after {} {} grid {} {} {} block {} smem {} args", reinterpret_cast<uintptr_t>(g),
                       dep(d, k), name, p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX, p->sharedMemBytes);
  if (g_node) {  // a helper: each argument as wide as the plan says
    for (size_t i = 0; i < g_node->args.size(); ++i) {
      uint64_t v = 0;
      std::memcpy(&v, p->kernelParams[i], g_node->args[i].kind == KernelArg::Kind::value ? g_node->args[i].size : 8);
      g_log += fmt::format(" {:x}", v);
    }
  } else {  // a capture's launch: its packed argument buffers
    auto args = pack_launch_args(*g_launch, g_resolve, "graph-log");
    for (size_t i = 0; i < args.size(); ++i) {
      bool same = std::memcmp(args[i].data(), p->kernelParams[i], args[i].size()) == 0;
      g_log += " " + sha256_hex(args[i]).substr(0, 12) + (same ? "" : "(differs)");
    }
  }
  g_log += "\n";
  *n = next();
  return 0;
}

CudaApi fake_driver() {
  CudaApi a{};
  a.cuGraphAddKernelNode = kernel;
  a.cuGraphAddMemcpyNode = [](CUgraphNode* n, CUgraph g, const CUgraphNode* d, size_t k, const CuMemcpy3D* p,
                              CUcontext) {
    g_log += fmt::format("copy g{} after {} {:x} <- {:x} {}\n", reinterpret_cast<uintptr_t>(g), dep(d, k), p->dstDevice,
                         p->srcDevice, p->WidthInBytes);
    *n = next();
    return CUresult(0);
  };
  a.cuGraphAddMemsetNode = [](CUgraphNode* n, CUgraph g, const CUgraphNode* d, size_t k, const CuMemsetNodeParams* p,
                              CUcontext) {
    g_log += fmt::format("memset g{} after {} {:x} = {} x{} of {}\n", reinterpret_cast<uintptr_t>(g), dep(d, k), p->dst,
                         p->value, p->width, p->elementSize);
    *n = next();
    return CUresult(0);
  };
  a.cuGraphAddNode = [](CUgraphNode* n, CUgraph g, const CUgraphNode* d, size_t k, CuGraphNodeParams* p) {
    static CUgraph body[1];
    body[0] = reinterpret_cast<CUgraph>(g_next++);
    g_log += fmt::format("conditional g{} after {} handle {:x} type {} bodies {} -> g{}\n",
                         reinterpret_cast<uintptr_t>(g), dep(d, k), p->conditional.handle, p->conditional.type,
                         p->conditional.size, reinterpret_cast<uintptr_t>(body[0]));
    p->conditional.phGraph_out = body;
    *n = next();
    return CUresult(0);
  };
  a.cuGraphConditionalHandleCreate = [](CUgraphConditionalHandle* h, CUgraph g, CUcontext, unsigned, unsigned) {
    *h = 0x4000 + g_next++;
    g_log += fmt::format("handle g{} {:x}\n", reinterpret_cast<uintptr_t>(g), *h);
    return CUresult(0);
  };
  return a;
}

// The plan's helper nodes in emission order, so the fake driver knows each one's argument widths.
void helpers_in_order(const std::vector<PlanNode>& nodes, std::vector<const PlanNode*>& out) {
  for (auto& n : nodes) {
    if (n.kind == PlanNode::Kind::helper) out.push_back(&n);
    helpers_in_order(n.body, out);
  }
}

class Resources : public ReplayResources {
 public:
  Resources(const Artifact& a, const ReplayPlan& plan) : a_(a) { helpers_in_order(plan.nodes, helpers_); }
  CUdeviceptr address(const Operand& p) const override {
    switch (p.area) {
      case Operand::Area::region: {
        auto* r = find_region(a_.regions, p.region);
        return r && p.offset <= r->size ? (CUdeviceptr(p.region) << 32) + p.offset : 0;
      }
      case Operand::Area::constants: return 0x100000000000ull + p.offset;
      case Operand::Area::scratch: return 0x200000000000ull + p.offset;
      case Operand::Area::none: break;
    }
    return 0;
  }
  CUfunction kernel(const LaunchOp& l, const std::string& where) override {
    auto* k = a_.meta.kernel(l.module_hash, l.kernel_key);
    if (!k) fail(Exit::bad_input, where + ": a launch of a kernel the metadata lacks");
    g_launch = &l;
    g_node = nullptr;
    return name(l.is_forward ? k->forward_name : k->backward_name);
  }
  // The calls of a GPU with thread-block clusters (the H100 and H200 the GPU checks use).
  bool clusters() const override { return true; }
  // Helper nodes reach the driver in plan order: each one's widths for the fake driver.
  CUfunction helper(const char* entry, const std::string&) override {
    g_node = next_ < helpers_.size() ? helpers_[next_++] : nullptr;
    return name(entry);
  }

 private:
  static CUfunction name(const std::string& s) {
    return static_cast<CUfunction>(const_cast<void*>(static_cast<const void*>(g_names.insert(s).first->c_str())));
  }
  const Artifact& a_;
  std::vector<const PlanNode*> helpers_;
  size_t next_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  bool dump = argc > 1 && std::string(argv[1]) == "--dump";
  static const CudaApi api = fake_driver();
  for (int i = dump ? 2 : 1; i < argc; ++i) {
    g_log.clear();
    g_next = 1;
    std::string status = "ok";
    try {
      auto a = open_artifact(argv[i], false);
      auto plan = plan_replay(a);
      g_log += fmt::format("blockers: {}\nhelpers: {}\nconstants {} scratch {}\n",
                           fmt::join(replay_blockers(a, plan), " | "), fmt::join(plan.helper_entries, " "),
                           plan.constants_size, plan.scratch_size);
      for (auto& c : plan.constants)
        g_log += fmt::format("constant @{} {}\n", c.offset, sha256_hex(c.bytes).substr(0, 12));
      if (!plan.problems.empty()) fail(Exit::bad_input, plan.problems.front());
      Resources res(a, plan);
      g_resolve = [&](int32_t id, uint64_t off) {
        return id > 0 ? res.address(Operand::in_region(uint32_t(id), off)) : 0;
      };
      build_graph(api, nullptr, res, reinterpret_cast<CUgraph>(uintptr_t(0x999)), plan);
    } catch (const Error& e) {
      status = fmt::format("refused (exit {})", int(e.code()));
      g_log += std::string(e.what()) + "\n";
    }
    std::printf("%s graph %s %s\n", argv[i], status.c_str(),
                sha256_hex(Bytes(g_log.begin(), g_log.end())).substr(0, 16).c_str());
    if (dump) std::fputs(g_log.c_str(), stdout);
  }
}
