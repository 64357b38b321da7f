#include "wrpkit/replay.hpp"

#include <fmt/format.h>

#include <map>

#include "wrpkit/cuda_api.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/launch_args.hpp"
#include "wrpkit/replay_support.hpp"

namespace wrp {

namespace {

constexpr int kAttrMaxDynamicSharedBytes = 8;   // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
constexpr int kStaticSharedLimit = 48 * 1024;   // above it a kernel must opt in to dynamic shared memory
constexpr int kCaptureModeThreadLocal = 1;      // CU_STREAM_CAPTURE_MODE_THREAD_LOCAL
constexpr unsigned kStreamNonBlocking = 1;      // CU_STREAM_NON_BLOCKING

}  // namespace

struct Replay::State {
  const CudaApi* cu = nullptr;
  Artifact a;
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  CUstream stream = nullptr;
  CUgraph graph = nullptr;
  CUgraphExec exec = nullptr;
  std::vector<CUmodule> modules;
  std::map<uint32_t, std::pair<CUdeviceptr, uint64_t>> regions;  // id -> (address, size)
  std::vector<CUdeviceptr> staging;  // memcpy_h2d sources, uploaded at load
  std::map<std::string, uint32_t> bindings;  // name -> region id

  ~State() {
    if (!cu) return;
    cu->cuCtxSetCurrent(ctx);
    if (stream) cu->cuStreamSynchronize(stream);
    if (exec) cu->cuGraphExecDestroy(exec);
    if (graph) cu->cuGraphDestroy(graph);
    if (stream) cu->cuStreamDestroy(stream);
    for (auto m : modules) cu->cuModuleUnload(m);
    for (auto& [id, r] : regions) if (r.first) cu->cuMemFree(r.first);
    for (auto p : staging) cu->cuMemFree(p);
    if (ctx) cu->cuDevicePrimaryCtxRelease(dev);
  }

  CUdeviceptr address(int32_t id, uint64_t offset, uint64_t size) const {
    auto it = id > 0 ? regions.find(uint32_t(id)) : regions.end();
    if (it == regions.end() || !it->second.first) return 0;
    uint64_t end = offset + size;
    if (end < offset || end > it->second.second) return 0;
    return it->second.first + offset;
  }

  CUdeviceptr need(int32_t id, uint64_t offset, uint64_t size, const std::string& where) const {
    auto p = address(id, offset, size);
    if (!p)
      fail(Exit::bad_input, fmt::format("{}: {} bytes at offset {} of region {} lie outside the regions the file holds",
                                        where, size, offset, id));
    return p;
  }
};

std::unique_ptr<Replay> Replay::load(const std::filesystem::path& wrp, int device) {
  std::unique_ptr<Replay> r(new Replay());
  r->s_ = std::make_unique<State>();
  auto& s = *r->s_;
  s.a = open_artifact(wrp);
  auto& a = s.a;
  if (auto why = replay_blockers(a); !why.empty()) {
    std::string list;
    for (auto& w : why) list += (list.empty() ? "" : "; ") + w;
    fail(Exit::target, fmt::format("{}: wrp-run cannot replay this artifact: {}. Replay it with stock Warp "
                                   "(wp.capture_load)", a.name(), list));
  }
  const CudaApi& cu = cuda_api();
  int count = 0;
  cu.check(cu.cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (device < 0 || device >= count)
    fail(Exit::usage, fmt::format("device {}: the driver reports {} GPU(s)", device, count));
  cu.check(cu.cuDeviceGet(&s.dev, device), "cuDeviceGet");
  cu.check(cu.cuDevicePrimaryCtxRetain(&s.ctx, s.dev), "cuDevicePrimaryCtxRetain");
  s.cu = &cu;  // from here on ~State releases what was made
  cu.check(cu.cuCtxSetCurrent(s.ctx), "cuCtxSetCurrent");

  for (auto& reg : a.regions) {
    CUdeviceptr p = 0;
    // A zero-size region still gets an address: kernels may receive it as an empty array.
    cu.check(cu.cuMemAlloc(&p, std::max<uint64_t>(reg.size, 1)), fmt::format("cuMemAlloc(region {})", reg.id));
    s.regions[reg.id] = {p, reg.size};
    if (reg.has_initial_data && reg.size) {
      auto& mem = a.container.require(kSectionMemory, a.name());
      uint64_t at = reg.data_offset - mem.file_offset;
      cu.check(cu.cuMemcpyHtoD(p, mem.data.data() + at, reg.size), fmt::format("initial data of region {}", reg.id));
    }
  }
  for (auto& b : a.meta.bindings) s.bindings[b.name] = b.region_id;

  std::map<std::string, CUmodule> by_hash;
  for (size_t m = 0; m < a.modules.size(); ++m) {
    CUmodule mod = nullptr;
    auto& rec = a.meta.modules[m];
    cu.check(cu.cuModuleLoadData(&mod, a.modules[m].bytes.data()),
             fmt::format("loading module {} (wrp-inspect --device says why and how to fix it)", rec.binary_filename));
    s.modules.push_back(mod);
    by_hash[rec.hash] = mod;
  }
  std::map<std::string, CUfunction> functions;
  auto function = [&](const LaunchOp& l, const std::string& where) {
    auto* k = a.meta.kernel(l.module_hash, l.kernel_key);
    if (!k) fail(Exit::bad_input, fmt::format("{}: kernel {} of module {} is not in the metadata", where, l.kernel_key,
                                              l.module_hash));
    const std::string& entry = l.is_forward ? k->forward_name : k->backward_name;
    auto& f = functions[entry];
    if (!f) {
      auto mod = by_hash.find(l.module_hash);
      if (mod == by_hash.end()) fail(Exit::bad_input, fmt::format("{}: module {} is not in the metadata", where, l.module_hash));
      cu.check(cu.cuModuleGetFunction(&f, mod->second, entry.c_str()), fmt::format("{}: kernel entry {}", where, entry));
    }
    if (l.smem_bytes > kStaticSharedLimit)
      cu.check(cu.cuFuncSetAttribute(f, kAttrMaxDynamicSharedBytes, l.smem_bytes), where + ": dynamic shared memory");
    return f;
  };

  cu.check(cu.cuStreamCreate(&s.stream, kStreamNonBlocking), "cuStreamCreate");
  auto resolve = [&](int32_t id, uint64_t off) -> uint64_t { return s.address(id, off, 0); };
  // memcpy_h2d data is uploaded now and copied device to device in the graph.
  for (size_t i = 0; i < a.ops.ops.size(); ++i) {
    auto& o = a.ops.ops[i];
    if (o.type != kOpMemcpyH2D || o.data.empty()) continue;
    CUdeviceptr p = 0;
    cu.check(cu.cuMemAlloc(&p, o.data.size()), "cuMemAlloc(memcpy source)");
    s.staging.push_back(p);
    cu.check(cu.cuMemcpyHtoD(p, o.data.data(), o.data.size()), "upload of a memcpy source");
  }
  cu.check(cu.cuStreamBeginCapture(s.stream, kCaptureModeThreadLocal), "cuStreamBeginCapture");
  size_t staged = 0;
  try {
    for (size_t i = 0; i < a.ops.ops.size(); ++i) {
      auto& o = a.ops.ops[i];
      auto where = fmt::format("{}: operations[{}] ({}, offset {})", a.name(), i, op_name(o.type), o.offset);
      if (o.type == kOpLaunch) {
        auto& l = o.launch;
        auto f = function(l, where);
        auto grid = launch_grid(l, where);
        // cuLaunchKernel copies the argument bytes into the graph node: they need not outlive this call.
        auto args = pack_launch_args(l, resolve, where);
        std::vector<void*> ptrs;
        for (auto& b : args) ptrs.push_back(b.data());
        if (!grid.empty)
          cu.check(cu.cuLaunchKernel(f, grid.x, grid.y, grid.z, grid.block, 1, 1, unsigned(std::max(l.smem_bytes, 0)),
                                     s.stream, ptrs.data(), nullptr),
                   where + ": cuLaunchKernel");
      } else if (o.type == kOpMemcpyH2D) {
        if (o.size) {
          auto dst = s.need(o.dst_region, o.dst_offset, o.size, where);
          cu.check(cu.cuMemcpyDtoDAsync(dst, s.staging[staged++], o.size, s.stream), where);
        }
      } else if (o.type == kOpMemcpyD2D) {
        if (o.size) {
          auto dst = s.need(o.dst_region, o.dst_offset, o.size, where);
          auto src = s.need(o.src_region, o.src_offset, o.size, where);
          cu.check(cu.cuMemcpyDtoDAsync(dst, src, o.size, s.stream), where);
        }
      } else if (o.type == kOpMemset) {
        if (o.size)
          cu.check(cu.cuMemsetD8Async(s.need(o.dst_region, o.dst_offset, o.size, where), uint8_t(o.value), o.size,
                                      s.stream),
                   where);
      }
      // kOpAlloc: every region is allocated at load.
    }
  } catch (...) {
    CUgraph g = nullptr;
    cu.cuStreamEndCapture(s.stream, &g);
    if (g) cu.cuGraphDestroy(g);
    throw;
  }
  cu.check(cu.cuStreamEndCapture(s.stream, &s.graph), "cuStreamEndCapture");
  cu.check(cu.cuGraphInstantiateWithFlags(&s.exec, s.graph, 0), "cuGraphInstantiate");
  return r;
}

Replay::~Replay() = default;

uint64_t Replay::param_size(const std::string& name) const {
  auto it = s_->bindings.find(name);
  if (it == s_->bindings.end()) {
    std::string names;
    for (auto& [n, id] : s_->bindings) names += (names.empty() ? "" : ", ") + n;
    fail(Exit::usage, fmt::format("{}: no binding named '{}'; it has: {}", s_->a.name(), name,
                                  names.empty() ? "(none)" : names));
  }
  return s_->regions.at(it->second).second;
}

// The binding's region address once `size` is checked against it and earlier replays finished.
static CUdeviceptr binding_ready(Replay::State& s, uint64_t want, const std::string& name, uint64_t size,
                                 const char* call) {
  if (size != want)
    fail(Exit::usage, fmt::format("{} {}: {} bytes given, its region holds {}", call, name, size, want));
  s.cu->check(s.cu->cuCtxSetCurrent(s.ctx), "cuCtxSetCurrent");
  s.cu->check(s.cu->cuStreamSynchronize(s.stream), "cuStreamSynchronize");
  return s.regions.at(s.bindings.at(name)).first;
}

void Replay::set_param(const std::string& name, const void* data, uint64_t size) {
  auto p = binding_ready(*s_, param_size(name), name, size, "set_param");
  if (size) s_->cu->check(s_->cu->cuMemcpyHtoD(p, data, size), "set_param " + name);
}

void Replay::get_param(const std::string& name, void* data, uint64_t size) {
  auto p = binding_ready(*s_, param_size(name), name, size, "get_param");
  if (size) s_->cu->check(s_->cu->cuMemcpyDtoH(data, p, size), "get_param " + name);
}

void Replay::launch(void* stream) {
  auto& s = *s_;
  s.cu->check(s.cu->cuCtxSetCurrent(s.ctx), "cuCtxSetCurrent");
  s.cu->check(s.cu->cuGraphLaunch(s.exec, stream ? stream : s.stream), "cuGraphLaunch");
}

void Replay::synchronize() {
  auto& s = *s_;
  s.cu->check(s.cu->cuStreamSynchronize(s.stream), "cuStreamSynchronize");
}

}  // namespace wrp
