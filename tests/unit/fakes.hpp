// The tests' fakes, in one place (as ninja's test.h holds its fake file system), so no
// unit test needs CUDA, a GPU or a server:
// * bytes CUDA's compilers and packager would make: a CUDA ELF with an SM arch and
//   kernel entries, PTX naming its entries, a fatbin of images (only the fields
//   wrpkit's readers check are real; nothing here runs on a GPU);
// * FakeTools, a Toolset whose compilers return those bytes and count their calls
//   (the build pipeline's passes);
// * FakeRemote, an in-memory remote cache that can fail or hand back other bytes;
// * a recording driver (driver_api(), nodes()) and FakeResources: the graph a replay
//   plan becomes, node by node, with each node's parameters and argument bytes.
#pragma once
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/cuda_version.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/cache/remote/storage.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/replay/graph.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/toolchain/nvfatbin.hpp"
#include "wrpkit/toolchain/toolset.hpp"

namespace fake {

using namespace wrp;

inline void put(wrp::Bytes& b, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) b.push_back(i < 8 ? uint8_t(v >> (8 * i)) : 0);  // wider than 8: zero padding
}

// A 64-bit CUDA ELF for sm_`sm`: header, a symbol table of `entries` (FUNC, marked
// STO_CUDA_ENTRY) and its string table. CUDA 12 releases write ABI 7 with the
// release in e_version; CUDA 13 writes ABI 8 (the SM in e_flags bits 8..15).
inline wrp::Bytes cubin(int sm, const std::vector<std::string>& entries, wrp::CudaVersion release) {
  bool v2 = release.major >= 13;
  wrp::Bytes strtab{0}, symtab(24, 0);  // symbol 0 is the null symbol
  for (auto& e : entries) {
    put(symtab, strtab.size(), 4);
    symtab.push_back(0x12);  // GLOBAL FUNC
    symtab.push_back(0x10);  // STO_CUDA_ENTRY
    put(symtab, 0, 2 + 8 + 8);
    strtab.insert(strtab.end(), e.begin(), e.end());
    strtab.push_back(0);
  }
  uint64_t symoff = 64, stroff = symoff + symtab.size(), shoff = stroff + strtab.size();
  wrp::Bytes b{0x7f, 'E', 'L', 'F', 2, 1, 1, uint8_t(v2 ? 65 : 51), uint8_t(v2 ? 8 : 7)};
  b.resize(16, 0);
  put(b, 2, 2);    // e_type: executable
  put(b, 190, 2);  // e_machine: CUDA
  put(b, v2 ? 1 : uint64_t(release.major * 10 + release.minor), 4);
  put(b, 0, 16);  // e_entry, e_phoff
  put(b, shoff, 8);
  put(b, v2 ? uint64_t(sm) << 8 : uint64_t(sm), 4);
  put(b, 64, 2), put(b, 0, 2), put(b, 0, 2), put(b, 64, 2), put(b, 3, 2), put(b, 0, 2);
  b.insert(b.end(), symtab.begin(), symtab.end());
  b.insert(b.end(), strtab.begin(), strtab.end());
  auto section = [&](uint32_t type, uint64_t off, uint64_t size, uint32_t link) {
    put(b, 0, 4), put(b, type, 4), put(b, 0, 16), put(b, off, 8), put(b, size, 8), put(b, link, 4);
    put(b, 0, 4 + 8), put(b, type == 2 ? 24 : 0, 8);
  };
  section(0, 0, 0, 0);
  section(2, symoff, symtab.size(), 2);  // .symtab, its strings in section 2
  section(3, stroff, strtab.size(), 0);  // .strtab
  return b;
}

// PTX of ISA `isa` (88: 8.8) for compute_`sm` declaring `entries`.
inline wrp::Bytes ptx(int sm, const std::vector<std::string>& entries, int isa) {
  auto text =
      fmt::format("//\n// fake PTX\n//\n.version {}.{}\n.target sm_{}\n.address_size 64\n\n", isa / 10, isa % 10, sm);
  for (auto& e : entries) text += fmt::format(".visible .entry {}()\n{{\n\tret;\n}}\n", e);
  return wrp::Bytes(text.begin(), text.end());
}

// A fatbin of `inputs`, uncompressed, entries with 64-byte headers as nvFatbin writes them.
inline wrp::Bytes fatbin(const std::vector<wrp::FatbinInput>& inputs) {
  wrp::Bytes entries;
  for (auto& in : inputs) {
    uint64_t size = (in.data.size() + 7) / 8 * 8;
    int isa = 0;
    if (in.is_ptx) {
      std::string text(in.data.begin(), in.data.end());
      auto v = text.find(".version ");
      if (v != std::string::npos) isa = (text[v + 9] - '0') * 10 + (text[v + 11] - '0');
    }
    put(entries, in.is_ptx ? 1 : 2, 2), put(entries, 0x101, 2), put(entries, 64, 4), put(entries, size, 8);
    put(entries, 0, 4 + 4), put(entries, isa % 10, 2), put(entries, isa / 10, 2), put(entries, in.arch.number(), 4);
    put(entries, 0, 4 + 4 + 8 + 8), put(entries, in.data.size(), 8);
    entries.insert(entries.end(), in.data.begin(), in.data.end());
    entries.resize(entries.size() + (size - in.data.size()), 0);
  }
  wrp::Bytes b;
  put(b, 0xBA55ED50, 4), put(b, 1, 2), put(b, 16, 2), put(b, entries.size(), 8);
  b.insert(b.end(), entries.begin(), entries.end());
  return b;
}

// BuildOptions for these targets, and what a call refuses with.
inline BuildOptions options(std::vector<const char*> archs, PtxMode ptx = PtxMode::none,
                            BuildFrom from = BuildFrom::automatic) {
  BuildOptions o;
  for (auto* a : archs) o.targets.push_back(*parse_arch(a));
  o.ptx = ptx;
  o.from = from;
  return o;
}

inline std::pair<Exit, std::string> refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.code(), e.what()};
  }
  return {Exit::ok, ""};
}

inline bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// A Toolset for the pipeline's passes.
// Compilers that make nothing new: every SASS job gets the capture's own cubin
// (right for sm_90, wrong for anything else), counting the calls; wrp-run's helpers
// and the packer are the fake bytes above. No CUDA library is loaded.
class FakeTools : public Toolset {
 public:
  explicit FakeTools(ByteView cubin, std::string warp = "1.19.0")
      : cubin_(cubin.begin(), cubin.end()), warp_(std::move(warp)) {}
  std::vector<CudaVersion> releases() override { return fake_releases; }
  ToolFacts ptx_compiler(CudaVersion r) override {
    return {"fake PTX compiler " + r.str(), {75, 80, 86, 87, 89, 90, 100, 120}, max_ptx_isa(r.code()), ""};
  }
  ToolFacts source_compiler(CudaVersion r, const std::string&) override {
    return {"fake NVRTC " + r.str(), {75, 80, 86, 87, 89, 90, 100, 120}, max_ptx_isa(r.code()), warp_};
  }
  ToolFacts standalone_compiler(CudaVersion r) override {
    if (no_nvrtc) fail(Exit::toolchain, "no NVRTC found (libnvrtc.so) for a build from CUDA source: looked in nowhere");
    return {"fake NVRTC " + r.str(), standalone_archs, max_ptx_isa(r.code()), ""};
  }
  bool no_nvrtc = false;
  std::vector<int> standalone_archs{75, 80, 86, 87, 89, 90, 100, 120};
  std::vector<CudaVersion> fake_releases{{13, 5}, {12, 9}};
  std::string packager(CudaVersion) override { return "fake nvFatbin"; }
  Bytes compile_ptx(ByteView, const Arch&, const std::string&, CudaVersion r) override {
    ++calls;
    last_release = r;
    return cubin_;
  }
  Bytes compile_source(const SourceUnit& s, const Arch&, bool, const std::string&, CudaVersion r) override {
    ++calls;
    last_options_seen = s.recipe.str();
    last_release = r;
    return cubin_;
  }
  // wrp-run's helpers: SASS or PTX declaring every helper entry (the build checks its images for arch and entries).
  Bytes compile_standalone(const std::string&, const std::string&, const Arch& arch, bool to_ptx,
                           CudaVersion r) override {
    ++standalone_calls;
    auto entries = replay_helper_entries();
    return to_ptx ? fake::ptx(arch.number(), entries, max_ptx_isa(r.code())) : fake::cubin(arch.number(), entries, r);
  }
  Bytes pack(const std::vector<FatbinInput>& in, const std::string&, const std::string&, CudaVersion) override {
    return fake::fatbin(in);
  }
  std::atomic<int> standalone_calls{0};
  std::atomic<int> calls{0};
  std::string last_options_seen;
  CudaVersion last_release;

 private:
  Bytes cubin_;
  std::string warp_;
};

// An in-memory server that can fail or hand back other bytes on purpose.
struct FakeRemote final : RemoteStorage {
  std::map<std::string, Bytes>* store;
  int* gets;
  int* puts;
  bool fail = false, garbage = false;
  FakeRemote(std::map<std::string, Bytes>* s, int* g, int* p) : store(s), gets(g), puts(p) {}
  std::optional<Bytes> get(const std::string& name) override {
    ++*gets;
    if (fail) throw RemoteFailure("connection refused");
    auto it = store->find(name);
    if (it == store->end()) return std::nullopt;
    if (garbage) return Bytes{'W', 'R', 'P', 'C', '2', ' ', 0, 1};
    return it->second;
  }
  void put(const std::string& name, ByteView entry) override {
    ++*puts;
    if (fail) throw RemoteFailure("HTTP 507");
    (*store)[name] = Bytes(entry.begin(), entry.end());
  }
};

// The recording driver: CudaApi's graph entry points as plain functions that append
// to g_nodes (reset() between cases).
// One recorded node: what it is, its graph, the node it follows (-1: none).
struct Node {
  std::string what;
  uintptr_t graph = 0;
  int after = -1;
  std::vector<uint64_t> args;  // kernel nodes: each argument's first 8 bytes (zero-extended)
  uint64_t first_param = 0;    // a capture's kernel: its first parameter's first 8 bytes (a mesh id, say)
  unsigned grid = 0, block = 0;
  CUdeviceptr dst = 0, src = 0;
  uint64_t size = 0;
};

inline std::vector<Node> g_nodes;
inline uintptr_t g_next_graph = 1000;
inline std::map<uintptr_t, CUgraph> g_bodies;

inline CUgraphNode handle_of(size_t i) { return reinterpret_cast<CUgraphNode>(i + 1); }
inline int index_of(const CUgraphNode* deps, size_t n) {
  REQUIRE(n <= 1);  // a chain: at most one dependency
  return n ? int(reinterpret_cast<uintptr_t>(deps[0])) - 1 : -1;
}
inline CUgraphNode record(Node n, CUgraph g, const CUgraphNode* deps, size_t k) {
  n.graph = reinterpret_cast<uintptr_t>(g);
  n.after = index_of(deps, k);
  g_nodes.push_back(n);
  return handle_of(g_nodes.size() - 1);
}

// Kernel functions are named by their pointer value: 1..n for the capture's, 100+ for helpers.
inline std::map<uintptr_t, std::string> g_function_names;
// Record each capture kernel's first parameter (Node::first_param): on while a UseFakeGpu is,
// whose real captures' kernels all have one.
inline bool g_first_params = false;

inline CUresult fake_kernel(CUgraphNode* out, CUgraph g, const CUgraphNode* d, size_t k, const CuKernelNodeParams* p) {
  Node n;
  n.what = "kernel " + g_function_names[reinterpret_cast<uintptr_t>(p->func)];
  n.grid = p->gridDimX;
  n.block = p->blockDimX;
  // helpers take up to five arguments; their sizes are 8, 8, 8|4, 8, 4
  // (the algorithm kernels' arguments are checked in test_replay_algorithms.cpp: their first only here)
  size_t count = n.what.find(kHelperMemtile) != std::string::npos ? 5 : 3;
  if (n.what.find(kHelperSetCondition) == std::string::npos && n.what.find(kHelperSetIfElse) == std::string::npos &&
      n.what.find(kHelperMemtile) == std::string::npos)
    count = n.what.find("wrpkit_") == std::string::npos ? 0 : 1;
  // [0] is the launch bounds; only where the test says every capture kernel has a parameter
  if (g_first_params && n.what.find("wrpkit_") == std::string::npos) std::memcpy(&n.first_param, p->kernelParams[1], 8);
  for (size_t i = 0; i < count; ++i) {
    uint64_t v = 0;
    bool four = (n.what.find(kHelperMemtile) != std::string::npos && i == 4) ||
                (n.what.find(kHelperSetCondition) != std::string::npos && i == 2);
    std::memcpy(&v, p->kernelParams[i], four ? 4 : 8);
    n.args.push_back(v);
  }
  *out = record(n, g, d, k);
  return 0;
}
inline CUresult fake_memcpy(CUgraphNode* out, CUgraph g, const CUgraphNode* d, size_t k, const CuMemcpy3D* p,
                            CUcontext) {
  Node n{"memcpy"};
  n.dst = p->dstDevice, n.src = p->srcDevice, n.size = p->WidthInBytes;
  *out = record(n, g, d, k);
  return 0;
}
inline CUresult fake_memset(CUgraphNode* out, CUgraph g, const CUgraphNode* d, size_t k, const CuMemsetNodeParams* p,
                            CUcontext) {
  Node n{"memset"};
  n.dst = p->dst, n.size = p->width;
  *out = record(n, g, d, k);
  return 0;
}
inline CUresult fake_add_node(CUgraphNode* out, CUgraph g, const CUgraphNode* d, size_t k, CuGraphNodeParams* p) {
  CHECK(p->type == 13);
  Node n{p->conditional.type == 1 ? "while" : "if"};
  n.args.push_back(p->conditional.handle);
  *out = record(n, g, d, k);
  static CUgraph bodies[64];
  bodies[g_nodes.size() % 64] = reinterpret_cast<CUgraph>(g_next_graph++);
  p->conditional.phGraph_out = &bodies[g_nodes.size() % 64];
  return 0;
}
inline unsigned long long g_next_handle = 7000;
inline CUresult fake_handle(CUgraphConditionalHandle* h, CUgraph, CUcontext, unsigned, unsigned) {
  *h = g_next_handle++;
  return 0;
}

inline CudaApi fake_api() {
  CudaApi a{};
  a.cuGraphAddKernelNode = fake_kernel;
  a.cuGraphAddMemcpyNode = fake_memcpy;
  a.cuGraphAddMemsetNode = fake_memset;
  a.cuGraphAddNode = fake_add_node;
  a.cuGraphConditionalHandleCreate = fake_handle;
  return a;
}

// A whole fake GPU for the runtime's loads (Replay, the C API): device facts the test
// sets, memory kept in host buffers (so set_param / get_param round-trip), the graph
// entry points above, and the function attributes the runtime sets.
struct FakeGpu {
  int major = 9, minor = 0;
  int cluster_launch = 1;  // CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH
  int cluster_width = 1;   // CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH of every kernel
  int ptx_version = 75;    // CU_FUNC_ATTRIBUTE_PTX_VERSION (the binary version is the GPU's)
  std::string load_error;  // non-empty: module loads fail with CUDA_ERROR_INVALID_PTX and this JIT log
  std::map<CUdeviceptr, std::vector<uint8_t>> memory;       // allocation start -> bytes
  std::vector<std::pair<std::string, int>> set_attributes;  // (function, attribute) in call order
  int modules_loaded = 0, modules_unloaded = 0, graphs_launched = 0;
  int host_to_device_copies = 0;          // cuMemcpyHtoD calls
  size_t free_bytes = size_t(80) << 30;   // cuMemGetInfo's free memory; a larger cuMemAlloc fails
  std::vector<std::string> launched;      // kernels launched directly (wrp-run's mesh kernels), in order
  uint64_t mesh_sizes[2] = {328, 64};     // wrpkit_mesh_sizes: Warp 1.19's Mesh and SolidAngleProps
  uintptr_t capturing_stream = 0;         // a stream the caller is capturing (0: none)
  uintptr_t capture_graph = 77;           // its capture's graph, whose last node is node #4
  std::vector<CUgraphNode> capture_deps;  // what the runtime set the capture's dependencies to
  CUdeviceptr next = 0x7f0000000000;
};
inline FakeGpu g_gpu;

inline std::vector<uint8_t>* fake_memory_at(CUdeviceptr p, size_t n, size_t* offset) {
  auto it = g_gpu.memory.upper_bound(p);
  if (it == g_gpu.memory.begin()) return nullptr;
  --it;
  *offset = p - it->first;
  return *offset + n <= it->second.size() ? &it->second : nullptr;
}

inline CudaApi fake_gpu_api() {
  CudaApi a = fake_api();
  a.cuInit = [](unsigned) { return 0; };
  a.cuDriverGetVersion = [](int* v) { return *v = 13000, 0; };
  a.cuDeviceGetCount = [](int* n) { return *n = 1, 0; };
  a.cuDeviceGet = [](CUdevice* d, int i) { return *d = i, 0; };
  a.cuDeviceGetName = [](char* name, int n, CUdevice) { return std::snprintf(name, size_t(n), "Fake GPU"), 0; };
  a.cuDeviceGetAttribute = [](int* v, int attribute, CUdevice) {
    *v = attribute == kCuAttrComputeCapabilityMajor   ? g_gpu.major
         : attribute == kCuAttrComputeCapabilityMinor ? g_gpu.minor
         : attribute == kCuAttrClusterLaunch          ? g_gpu.cluster_launch
                                                      : 0;
    return 0;
  };
  a.cuDevicePrimaryCtxRetain = [](CUcontext* c, CUdevice) { return *c = &g_gpu, 0; };
  a.cuDevicePrimaryCtxRelease = [](CUdevice) { return 0; };
  a.cuCtxSetCurrent = [](CUcontext) { return 0; };
  a.cuModuleLoadData = [](CUmodule* m, const void*) {
    if (!g_gpu.load_error.empty()) return 218;
    return *m = &g_gpu.memory, ++g_gpu.modules_loaded, 0;
  };
  a.cuModuleLoadDataEx = [](CUmodule* m, const void*, unsigned n, int* options, void** values) {
    if (g_gpu.load_error.empty()) return *m = &g_gpu.memory, ++g_gpu.modules_loaded, 0;
    for (unsigned i = 0; i < n; ++i)  // the JIT error log, as the driver writes it
      if (options[i] == kCuJitErrorLogBuffer)
        std::snprintf(static_cast<char*>(values[i]), 64, "%s", g_gpu.load_error.c_str());
    return 218;  // CUDA_ERROR_INVALID_PTX
  };
  a.cuModuleUnload = [](CUmodule) { return ++g_gpu.modules_unloaded, 0; };
  a.cuModuleGetGlobal = [](CUdeviceptr* p, size_t* n, CUmodule, const char*) {
    *p = g_gpu.next;
    auto* b = reinterpret_cast<const uint8_t*>(g_gpu.mesh_sizes);
    g_gpu.memory[*p].assign(b, b + sizeof g_gpu.mesh_sizes);
    g_gpu.next += 0x100000;
    return *n = sizeof g_gpu.mesh_sizes, 0;
  };
  a.cuLaunchKernel = [](CUfunction f, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                        void**, void**) {
    g_gpu.launched.push_back(g_function_names[reinterpret_cast<uintptr_t>(f)]);
    return 0;
  };
  a.cuModuleGetFunction = [](CUfunction* f, CUmodule, const char* name) {
    if (std::string_view(name).starts_with("missing")) return kCuErrorNotFound;
    uintptr_t id = 100 + g_function_names.size();
    g_function_names[id] = name;
    return *f = reinterpret_cast<CUfunction>(id), 0;
  };
  a.cuFuncSetAttribute = [](CUfunction f, int attribute, int) {
    g_gpu.set_attributes.emplace_back(g_function_names[reinterpret_cast<uintptr_t>(f)], attribute);
    return 0;
  };
  a.cuFuncGetAttribute = [](int* v, int attribute, CUfunction) {
    *v = attribute == kCuFuncAttrRequiredClusterWidth ? g_gpu.cluster_width
         : attribute == kCuFuncAttrBinaryVersion      ? g_gpu.major * 10 + g_gpu.minor
         : attribute == kCuFuncAttrPtxVersion         ? g_gpu.ptx_version
                                                      : 0;
    return 0;
  };
  a.cuMemAlloc = [](CUdeviceptr* p, size_t n) {
    if (n > g_gpu.free_bytes) return kCuErrorOutOfMemory;
    *p = g_gpu.next;
    g_gpu.memory[*p].assign(n, 0);
    g_gpu.next += (n + 0xfffff) & ~size_t(0xfffff);
    return 0;
  };
  a.cuMemFree = [](CUdeviceptr p) { return g_gpu.memory.erase(p) ? 0 : 1; };
  a.cuMemGetInfo = [](size_t* free, size_t* total) { return *free = g_gpu.free_bytes, *total = size_t(80) << 30, 0; };
  a.cuMemcpyHtoD = [](CUdeviceptr p, const void* src, size_t n) {
    size_t at = 0;
    auto* m = fake_memory_at(p, n, &at);
    if (!m) return 1;  // CUDA_ERROR_INVALID_VALUE
    std::memcpy(m->data() + at, src, n);
    ++g_gpu.host_to_device_copies;
    return 0;
  };
  a.cuMemcpyDtoH = [](void* dst, CUdeviceptr p, size_t n) {
    size_t at = 0;
    auto* m = fake_memory_at(p, n, &at);
    if (!m) return 1;
    std::memcpy(dst, m->data() + at, n);
    return 0;
  };
  a.cuStreamCreate = [](CUstream* s, unsigned) { return *s = &g_gpu, 0; };
  a.cuStreamGetCaptureInfo = [](CUstream s, int* status, unsigned long long* id, CUgraph* g, const CUgraphNode** d,
                                const void** edges, size_t* n) {
    static CUgraphNode last = handle_of(4);
    bool on = g_gpu.capturing_stream && reinterpret_cast<uintptr_t>(s) == g_gpu.capturing_stream;
    *status = on ? kCuCaptureActive : 0;
    *id = 1;
    *g = reinterpret_cast<CUgraph>(g_gpu.capture_graph);
    *d = &last;
    static unsigned char plain[kCuGraphEdgeDataBytes] = {};  // as the driver gives them: plain edges, all zero
    *edges = plain;
    *n = on ? 1 : 0;
    return 0;
  };
  a.cuStreamUpdateCaptureDependencies = [](CUstream, CUgraphNode* d, const void*, size_t n, unsigned flags) {
    if (flags != kCuSetCaptureDependencies) return 1;
    g_gpu.capture_deps.assign(d, d + n);
    return 0;
  };
  a.cuStreamDestroy = [](CUstream) { return 0; };
  a.cuStreamSynchronize = [](CUstream) { return 0; };
  a.cuGraphCreate = [](CUgraph* g, unsigned) { return *g = reinterpret_cast<CUgraph>(uintptr_t(1)), 0; };
  a.cuGraphInstantiateWithFlags = [](CUgraphExec* e, CUgraph, unsigned long long) { return *e = &g_gpu, 0; };
  a.cuGraphLaunch = [](CUgraphExec, CUstream) { return ++g_gpu.graphs_launched, 0; };
  a.cuGraphExecDestroy = [](CUgraphExec) { return 0; };
  a.cuGraphDestroy = [](CUgraph) { return 0; };
  a.cuGetErrorName = [](CUresult, const char** s) { return *s = "CUDA_ERROR_FAKE", 0; };
  a.cuGetErrorString = [](CUresult, const char** s) { return *s = "a fake driver error", 0; };
  return a;
}

// Installs a fake GPU (fresh: FakeGpu's defaults, then `setup`) for the runtime's loads
// while in scope.
class UseFakeGpu {
 public:
  explicit UseFakeGpu(const std::function<void(FakeGpu&)>& setup = {}) : api_(fake_gpu_api()) {
    g_gpu = FakeGpu{};
    g_nodes.clear();
    g_function_names.clear();
    if (setup) setup(g_gpu);
    use_cuda_api_for_tests(&api_);
    g_first_params = true;
  }
  ~UseFakeGpu() {
    use_cuda_api_for_tests(nullptr);
    g_first_params = false;
  }
  UseFakeGpu(const UseFakeGpu&) = delete;
  UseFakeGpu& operator=(const UseFakeGpu&) = delete;

 private:
  CudaApi api_;
};

// Regions at 0x10000 * id, the constants area at 0x900000, scratch at 0xA00000.
class FakeResources : public ReplayResources {
 public:
  explicit FakeResources(const Artifact* a = nullptr) : a_(a) {}
  // Regions of an artifact have their sizes; without one, eight regions of 64 KiB (eight_regions).
  CUdeviceptr address(const Operand& p) const override {
    switch (p.area) {
      case Operand::Area::region: {
        uint64_t limit = 0x10000;
        if (a_) {
          auto* r = find_region(a_->regions, p.region);
          if (!r) return 0;
          limit = r->size;
        } else if (p.region < 1 || p.region > 8) {
          return 0;
        }
        return p.offset > limit ? 0 : CUdeviceptr(0x10000) * p.region + p.offset;
      }
      case Operand::Area::constants: return 0x900000 + p.offset;
      case Operand::Area::scratch: return 0xA00000 + p.offset;
      case Operand::Area::none: break;
    }
    return 0;
  }
  CUfunction kernel(const LaunchOp& l, const std::string&) override {
    return function(a_ ? a_->meta.kernel(l.module_hash, l.kernel_key)->forward_name : l.kernel_key);
  }
  CUfunction helper(const char* entry, const std::string&) override { return function(entry); }
  bool clusters() const override { return with_clusters; }
  bool with_clusters = true;  // a GPU of compute capability 9.0 or newer

 private:
  CUfunction function(const std::string& name) {
    for (auto& [k, v] : g_function_names)
      if (v == name) return reinterpret_cast<CUfunction>(k);
    uintptr_t k = g_function_names.size() + 1;
    g_function_names[k] = name;
    return reinterpret_cast<CUfunction>(k);
  }
  const Artifact* a_;
};

}  // namespace fake
