#include "wrpkit/replay/replay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "wrpkit/artifact/binding_type.hpp"
#include "wrpkit/base/background.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/shared_bytes.hpp"
#include "wrpkit/driver/cuda_api.hpp"
#include "wrpkit/replay/graph.hpp"
#include "wrpkit/replay/meshes.hpp"
#include "wrpkit/replay/module_probe.hpp"
#include "wrpkit/replay/support.hpp"

namespace wrp {

namespace {

// Every image an unverified artifact would hand the driver, in the order a load does:
// its modules, then wrp-run's mesh and helper kernels where it carries them.
std::vector<ProbeImage> images_to_probe(const Artifact& a) {
  std::vector<ProbeImage> images;
  for (size_t m = 0; m < a.modules.size(); ++m) images.push_back({a.modules[m].path.string(), a.modules[m].bytes});
  for (auto [section, what] : {std::pair{kSectionWrpkitMesh, "wrp-run's mesh kernels"},
                               std::pair{kSectionWrpkitHelpers, "wrp-run's helper kernels"}})
    if (auto* sec = a.container.find(section)) images.push_back({fmt::format("{} ({})", a.name(), what), sec->data});
  return images;
}

constexpr int kStaticSharedLimit = 48 * 1024;  // above it a kernel must opt in to dynamic shared memory

// Below this, reading a memory section costs about what handing its read over does.
constexpr uint64_t kStagedMemoryBytes = 64 * 1024;

CUdevice device_handle(const CudaApi& cu, int device) {
  int count = 0;
  cu.check(cu.cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (device < 0 || device >= count)
    fail(Exit::usage, fmt::format("device {}: the driver reports {} GPU(s)", device, count));
  CUdevice dev = 0;
  cu.check(cu.cuDeviceGet(&dev, device), "cuDeviceGet");
  return dev;
}

bool has_clustered_launch(const std::vector<PlanNode>& nodes) {
  for (auto& n : nodes)
    if ((n.launch && n.launch->cluster_dim > 1) || has_clustered_launch(n.body)) return true;
  return false;
}

int device_attribute(const CudaApi& cu, CUdevice dev, int attribute) {
  int v = 0;
  cu.check(cu.cuDeviceGetAttribute(&v, attribute, dev), "cuDeviceGetAttribute");
  return v;
}

// A context's first graph build, instantiation and launch carry a one-time setup in the
// driver (about 0.15 ms on an H100, driver 580: instantiating a small graph took 0.12-0.18 ms
// first and 0.02-0.05 after): paid here, when the device starts, with a one-memset graph on
// 256 bytes, rather than by the first load. A failure here is no error: the load meets it.
void warm_up(const CudaApi& cu, CUcontext ctx) {
  CUdeviceptr p = 0;
  if (cu.cuCtxSetCurrent(ctx) != 0 || cu.cuMemAlloc(&p, 256) != 0) return;
  CUgraph g = nullptr;
  CUgraphNode n = nullptr;
  CUgraphExec e = nullptr;
  CUstream st = nullptr;
  CuMemsetNodeParams zero{p, 0, 0, 1, 256, 1};
  if (cu.cuGraphCreate(&g, 0) == 0 && cu.cuGraphAddMemsetNode(&n, g, nullptr, 0, &zero, ctx) == 0 &&
      cu.cuGraphInstantiateWithFlags(&e, g, 0) == 0 && cu.cuStreamCreate(&st, kCuStreamNonBlocking) == 0 &&
      cu.cuGraphLaunch(e, st) == 0)
    cu.cuStreamSynchronize(st);
  if (st) cu.cuStreamDestroy(st);
  if (e) cu.cuGraphExecDestroy(e);
  if (g) cu.cuGraphDestroy(g);
  cu.cuMemFree(p);
}

}  // namespace

void Replay::start_device(int device) {
  static std::mutex mu;
  static std::set<int> started;  // each holds one reference to its primary context until the process ends
  const CudaApi& cu = cuda_api();
  auto dev = device_handle(cu, device);
  std::lock_guard lock(mu);
  if (started.count(device)) return;
  CUcontext ctx = nullptr;
  cu.check(cu.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  started.insert(device);
  warm_up(cu, ctx);
  background::start();  // the thread loads hand work to, started here rather than by the first load
}

// WRPKIT_LOAD_PHASES=1: each phase of a load and its time on stderr (a diagnostic for
// where load time goes; tests/gpu/bench-runtime compares loads with stock Warp's).
class Phases {
 public:
  Phases() : on_(std::getenv("WRPKIT_LOAD_PHASES") != nullptr), t_(std::chrono::steady_clock::now()) {}
  void mark(const char* what) {
    if (!on_) return;
    auto now = std::chrono::steady_clock::now();
    std::fprintf(stderr, "wrpkit load: %-12s %8.3f ms\n", what, std::chrono::duration<double>(now - t_).count() * 1e3);
    t_ = now;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point t_;
};

// What every instance of one load shares: the artifact, its plan (decided once, before the
// driver is touched), the device's context and the loaded modules. Immutable after load
// but for the kernel handles looked up as instances build their graphs (under `mu`).
struct Replay::Shared {
  const CudaApi* cu = nullptr;
  Artifact a;
  ReplayPlan plan;  // its nodes point into `a`
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  int ordinal = 0;
  bool cluster_launch = false;  // the GPU launches thread-block clusters (asked only when a launch has them)
  std::vector<CUmodule> modules;
  std::map<std::string, CUmodule> module_by_hash;
  CUmodule helpers = nullptr, mesh_kernels = nullptr;
  std::map<std::string, uint32_t> bindings;  // name -> region id
  std::mutex mu;
  std::map<std::string, CUfunction> functions;  // entry name -> function (kernels and helpers)

  ~Shared() {
    if (!cu) return;
    cu->cuCtxSetCurrent(ctx);
    for (auto m : modules) cu->cuModuleUnload(m);
    if (helpers) cu->cuModuleUnload(helpers);
    if (mesh_kernels) cu->cuModuleUnload(mesh_kernels);
    if (ctx) cu->cuDevicePrimaryCtxRelease(dev);
  }

  // The whole replay of `a` is decided here, before the driver is touched: what blocks it,
  // what in the file is wrong, the memory it needs and every node of its graph. Then the
  // context and every module.
  void load(int device, bool isolate) {
    Phases phases;
    plan = plan_replay(a);
    if (auto why = replay_blockers(a, plan); !why.empty())
      fail(Exit::target, fmt::format("{}: wrp-run cannot replay this artifact: {}. Replay it with stock Warp "
                                     "(wp.capture_load)",
                                     a.name(), fmt::join(why, "; ")));
    if (!plan.problems.empty()) fail(Exit::bad_input, plan.problems.front());
    if (isolate) {
      probe_module_loads(a.name(), images_to_probe(a), device, find_module_probe());
      phases.mark("isolated module check");
    }
    const CudaApi& api = cuda_api();
    dev = device_handle(api, device);
    api.check(api.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    cu = &api;  // from here on ~Shared releases what was made
    api.check(api.cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
    ordinal = device;
    // Warp launches clusters from compute capability 9.0 on; the attribute rules out a GPU
    // of that generation that cannot (its images with clusters are refused per kernel).
    if (has_clustered_launch(plan.nodes))
      cluster_launch = device_attribute(api, dev, kCuAttrComputeCapabilityMajor) >= 9 &&
                       device_attribute(api, dev, kCuAttrClusterLaunch) != 0;
    for (auto& b : a.meta.bindings) bindings[b.name] = b.region_id;
    phases.mark("context");
    load_modules();
    phases.mark("modules");
  }

  void load_modules() {
    for (size_t m = 0; m < a.modules.size(); ++m) {
      CUmodule mod = nullptr;
      auto& rec = a.meta.modules[m];
      cu->check(
          cu->cuModuleLoadData(&mod, a.modules[m].bytes.data()),
          fmt::format("loading module {} (wrp-inspect --device says why and how to fix it)", rec.binary_filename));
      modules.push_back(mod);
      module_by_hash[rec.hash] = mod;
    }
    if (a.meta.meshes.empty()) return;
    auto* sec = a.container.find(kSectionWrpkitMesh);  // replay_blockers required it
    cu->check(cu->cuModuleLoadData(&mesh_kernels, sec->data.data()),
              fmt::format("{}: loading wrp-run's mesh kernels (built for {}; rebuild with this GPU's arch among the "
                          "targets)",
                          a.name(), image_archs(a.mesh_helpers)));
  }

  CUfunction kernel(const LaunchOp& l, const std::string& where) {
    auto* k = a.meta.kernel(l.module_hash, l.kernel_key);
    if (!k)
      fail(Exit::bad_input, fmt::format("{}: kernel {} of module {} is not in the metadata", where,
                                        printable(l.kernel_key), printable(l.module_hash)));
    const std::string& entry = l.is_forward ? k->forward_name : k->backward_name;
    std::lock_guard lock(mu);
    auto& f = functions[entry];
    if (!f) {
      auto mod = module_by_hash.find(l.module_hash);
      if (mod == module_by_hash.end())
        fail(Exit::bad_input, fmt::format("{}: module {} is not in the metadata", where, printable(l.module_hash)));
      cu->check(cu->cuModuleGetFunction(&f, mod->second, entry.c_str()),
                fmt::format("{}: kernel entry {}", where, printable(entry)));
      if (l.smem_bytes > kStaticSharedLimit)
        cu->check(cu->cuFuncSetAttribute(f, kCuFuncAttrMaxDynamicSharedBytes, l.smem_bytes),
                  where + ": dynamic shared memory");
      if (l.cluster_dim > 1) clustered(f, l, where);
    }
    return f;
  }

  // Clusters of more than 8 blocks are "non-portable": the kernel must opt in, as Warp
  // does. A GPU without clusters runs the kernel unclustered, as Warp does, unless the
  // image the driver picked was compiled with clusters (then it cannot run here at all).
  void clustered(CUfunction f, const LaunchOp& l, const std::string& where) {
    if (cluster_launch) {
      if (l.cluster_dim > 8)
        cu->check(cu->cuFuncSetAttribute(f, kCuFuncAttrNonPortableClusters, 1), where + ": cluster size");
      return;
    }
    int width = 0;
    cu->check(cu->cuFuncGetAttribute(&width, kCuFuncAttrRequiredClusterWidth, f), where + ": cluster width");
    if (width > 1)
      fail(Exit::target, fmt::format("{}: the kernel's image on GPU {} ({}) needs thread-block clusters of {} "
                                     "blocks, which this GPU cannot launch: rebuild the artifact with this GPU's arch "
                                     "among the targets",
                                     where, ordinal, gpu_label(), width));
  }

  std::string gpu_label() const {
    char name[256] = {};
    cu->cuDeviceGetName(name, sizeof name - 1, dev);
    return fmt::format("{}, sm_{}{}", name, device_attribute(*cu, dev, kCuAttrComputeCapabilityMajor),
                       device_attribute(*cu, dev, kCuAttrComputeCapabilityMinor));
  }

  CUfunction helper(const char* entry, const std::string& where) {
    std::lock_guard lock(mu);
    auto& f = functions[entry];
    if (f) return f;
    if (!helpers) {
      auto* sec = a.container.find(kSectionWrpkitHelpers);
      if (!sec)
        fail(Exit::target, fmt::format("{}: needs wrp-run's helper kernels, which wrp-build adds: rebuild the "
                                       "artifact with it",
                                       where));
      // The driver picks the image for this GPU; none fits when it was built for other targets.
      cu->check(cu->cuModuleLoadData(&helpers, sec->data.data()),
                fmt::format("{}: loading wrp-run's helper kernels (built for {}; rebuild with this GPU's arch among "
                            "the targets)",
                            where, image_archs(a.replay_helpers)));
    }
    auto rc = cu->cuModuleGetFunction(&f, helpers, entry);
    if (rc == kCuErrorNotFound)
      fail(Exit::target, fmt::format("{}: wrp-run's helper kernels in this artifact lack {} (an older wrp-build made "
                                     "them): rebuild the artifact with this wrp-build",
                                     where, entry));
    cu->check(rc, fmt::format("{}: helper kernel {}", where, entry));
    return f;
  }

  static std::string image_archs(const std::vector<Image>& images) {
    std::vector<std::string> names;
    for (auto& e : images) names.push_back(e.arch.str());  // sm_90, compute_75
    return fmt::format("{}", fmt::join(names, " "));
  }
};

// One instance: its own memory (every region with its initial contents, the constants and
// the scratch), meshes built from it, stream and graph; the rest is the load's (Shared).
struct Replay::State final : ReplayResources {
  std::shared_ptr<Shared> sh;
  const CudaApi* cu = nullptr;
  const Artifact* a = nullptr;
  CUstream stream = nullptr;
  CUgraph graph = nullptr;
  CUgraphExec exec = nullptr;
  LoadedMeshes meshes;
  // One device allocation holds every region, then the constants (memcpy_h2d sources and
  // fill values), each 256-aligned as cuMemAlloc would give them: one allocation and one
  // upload of the constants instead of one of each per region and op.
  CUdeviceptr arena = 0;
  uint64_t arena_size = 0;
  std::map<uint32_t, std::pair<CUdeviceptr, uint64_t>> regions;  // id -> (address, size)
  std::map<uint32_t, std::pair<CUdeviceptr, uint64_t>> bound;    // id -> the caller's memory (bind_param)
  uint64_t constants_at = 0, scratch_at = 0;                     // the plan's constants and scratch areas

  ~State() override {
    if (!cu) return;
    cu->cuCtxSetCurrent(sh->ctx);
    if (stream) cu->cuStreamSynchronize(stream);
    if (exec) cu->cuGraphExecDestroy(exec);
    if (graph) cu->cuGraphDestroy(graph);
    if (stream) cu->cuStreamDestroy(stream);
    meshes.release(*cu);
    if (arena) cu->cuMemFree(arena);
  }

  static std::unique_ptr<State> make(std::shared_ptr<Shared> shared) {
    Phases phases;
    auto s = std::make_unique<State>();
    s->sh = std::move(shared);
    s->a = &s->sh->a;
    auto& cu = *s->sh->cu;
    cu.check(cu.cuCtxSetCurrent(s->sh->ctx), "cuCtxSetCurrent");
    s->cu = &cu;  // from here on ~State releases what was made
    s->place_memory();
    phases.mark("regions");
    cu.check(cu.cuStreamCreate(&s->stream, kCuStreamNonBlocking), "cuStreamCreate");
    // Warp's loader builds each mesh before the graph: so does each instance, from its own memory.
    if (!s->a->meta.meshes.empty())
      s->meshes.build(cu, *s->a, s->sh->mesh_kernels, s->stream, [&](uint32_t id) { return s->regions.at(id).first; });
    phases.mark("meshes");
    s->rebuild_graph();
    s->upload_constants();
    phases.mark("graph");
    return s;
  }

  // Nothing else is allocated yet when the arena fails: the load stops here and releases
  // what it holds (modules, context reference) as any failed load does. Out of memory
  // names the largest region and what the GPU has free, so the user knows what to shrink.
  std::string allocation_failure(uint64_t size, CUresult rc) const {
    std::string what = fmt::format("cuMemAlloc of {} bytes for the regions", size);
    if (rc != kCuErrorOutOfMemory) return what;
    const Region* largest = nullptr;
    for (auto& reg : a->regions)
      if (!largest || reg.size > largest->size) largest = &reg;
    if (largest) what += fmt::format(" (largest: region {}, {} bytes)", largest->id, largest->size);
    size_t free = 0, total = 0;
    if (cu->cuMemGetInfo(&free, &total) == 0) what += fmt::format(" on a GPU with {} bytes free", free);
    return what;
  }

  void place_memory() {
    auto& plan = sh->plan;
    uint64_t size = 0;
    auto place = [&](uint64_t n, const std::string& what) {
      uint64_t at = size, padded = (std::max<uint64_t>(n, 1) + kAreaAlign - 1) / kAreaAlign * kAreaAlign;
      if (padded < n || at + padded < at)
        fail(Exit::bad_input, fmt::format("{}: {} of {} bytes overflows the address space", a->name(), what, n));
      size = at + padded;
      return at;
    };
    // A zero-size region still gets an address: kernels may receive it as an empty array.
    for (auto& reg : a->regions) regions[reg.id] = {place(reg.size, fmt::format("region {}", reg.id)), reg.size};
    constants_at = place(plan.constants_size, "the graph's constants");
    scratch_at = place(plan.scratch_size, "the algorithm ops' scratch");
    if (auto rc = cu->cuMemAlloc(&arena, size); rc != 0) cu->check(rc, allocation_failure(size, rc));
    arena_size = size;
    for (auto& reg : a->regions) regions[reg.id].first += arena;
    upload_initial_data(a->container.require(kSectionMemory, a->name()));
  }

  // A pageable cuMemcpyHtoD costs the driver microseconds whatever its size, and a capture
  // has up to dozens of small regions: neighbours in the arena smaller than
  // kStagedRegionBytes, with at most kStagedGapBytes between them, go up as one copy of a
  // host buffer laid out as the arena is (zeros between them: padding, or a region without
  // initial data, whose contents are undefined anyway); a large region goes up directly.
  static constexpr uint64_t kStagedRegionBytes = 64 * 1024, kStagedGapBytes = 64 * 1024;

  void upload_initial_data(const Section& mem) {
    std::vector<const Region*> run;  // small regions with data, in arena order
    auto end_of = [&](const Region* r) { return regions[r->id].first + r->size; };
    auto bytes_of = [&](const Region* r) { return initial_data(*r, mem.data, mem.file_offset, r->size); };
    auto flush = [&] {
      if (run.size() == 1) upload(run.front()->id, regions[run.front()->id].first, bytes_of(run.front()));
      if (run.size() > 1) {
        auto begin = regions[run.front()->id].first;
        Bytes staged(end_of(run.back()) - begin);
        for (auto* r : run) std::ranges::copy(bytes_of(r), staged.begin() + long(regions[r->id].first - begin));
        upload(run.front()->id, begin, staged, run.back()->id);
      }
      run.clear();
    };
    for (auto& reg : a->regions) {
      if (!reg.has_initial_data || !reg.size) continue;
      bool small = reg.size < kStagedRegionBytes;
      if (!run.empty() && (!small || regions[reg.id].first - end_of(run.back()) > kStagedGapBytes)) flush();
      if (small)
        run.push_back(&reg);
      else
        upload(reg.id, regions[reg.id].first, bytes_of(&reg));
    }
    flush();
  }

  void upload(uint32_t first, CUdeviceptr to, ByteView bytes, std::optional<uint32_t> last = std::nullopt) {
    cu->check(cu->cuMemcpyHtoD(to, bytes.data(), bytes.size()),
              last ? fmt::format("initial data of regions {} to {}", first, *last)
                   : fmt::format("initial data of region {}", first));
  }

  void upload_constants() {  // one upload of every memcpy source and fill value
    auto& plan = sh->plan;
    if (!plan.constants_size) return;
    Bytes constants(plan.constants_size);
    for (auto& c : plan.constants) std::copy(c.bytes.begin(), c.bytes.end(), constants.begin() + c.offset);
    cu->check(cu->cuMemcpyHtoD(arena + constants_at, constants.data(), constants.size()), "graph constants");
  }

  CUdeviceptr address(const Operand& p) const override {
    switch (p.area) {
      case Operand::Area::region: {
        if (auto b = bound.find(p.region); b != bound.end())
          return p.offset > b->second.second ? 0 : b->second.first + p.offset;
        auto it = regions.find(p.region);
        if (it == regions.end() || !it->second.first || p.offset > it->second.second) return 0;
        return it->second.first + p.offset;
      }
      case Operand::Area::constants: return arena + constants_at + p.offset;
      case Operand::Area::scratch: return arena + scratch_at + p.offset;
      case Operand::Area::none: break;
    }
    return 0;
  }
  CUfunction kernel(const LaunchOp& l, const std::string& where) override { return sh->kernel(l, where); }
  bool clusters() const override { return sh->cluster_launch; }
  CUfunction helper(const char* entry, const std::string& where) override { return sh->helper(entry, where); }
  uint64_t handle(uint64_t captured) const override { return meshes.remap(captured); }

  // The graph again from the plan, with the operands' current addresses.
  void rebuild_graph() {
    cu->check(cu->cuStreamSynchronize(stream), "cuStreamSynchronize");
    if (exec) cu->cuGraphExecDestroy(exec);
    if (graph) cu->cuGraphDestroy(graph);
    exec = nullptr;
    graph = nullptr;
    cu->check(cu->cuGraphCreate(&graph, 0), "cuGraphCreate");
    build_graph(*cu, sh->ctx, *this, graph, sh->plan);
    cu->check(cu->cuGraphInstantiateWithFlags(&exec, graph, 0), "cuGraphInstantiate");
  }

  // What bind_param refuses, one line each (usage).
  void check_binding(const std::string& name, uint32_t id, uint64_t ptr, uint64_t size, uint64_t want) const {
    auto refuse = [&](const std::string& why) {
      fail(Exit::usage, fmt::format("bind_param {}: {}", printable(name), why));
    };
    if (size != want) refuse(fmt::format("{} bytes given, its region holds {}", size, want));
    if (ptr % kAreaAlign)
      refuse(
          fmt::format("address {:#x} is not {}-byte aligned (as cuMemAlloc and Warp align arrays)", ptr, kAreaAlign));
    auto overlaps = [&](uint64_t at, uint64_t n) { return ptr < at + n && at < ptr + std::max<uint64_t>(size, 1); };
    if (overlaps(arena, arena_size)) refuse("the memory lies inside this replay's own regions");
    for (auto& [other, mem] : bound)
      if (other != id && overlaps(mem.first, mem.second))
        refuse(fmt::format("the memory overlaps the memory bound to region {}", other));
    for (size_t i = 0; i < a->meta.meshes.size(); ++i) {
      auto& m = a->meta.meshes[i];
      if (id == m.points_region || id == m.indices_region || id == m.velocities_region)
        refuse(fmt::format("mesh {} is built from it at load; bind another binding, or set it with set_param", i));
    }
  }
};

std::unique_ptr<Replay> Replay::load(const std::filesystem::path& wrp, int device, const TrustPolicy& trust) {
  background::start();  // where wrp_init did not: the memory section's read and digest go to it
  Phases p;
  // The memory section, uploaded last, is read by the background thread while this one reads
  // and hashes the module files (where it is large enough to be worth handing over).
  auto staged = read_file_staged(wrp, [](ByteView head, uint64_t size) {
    auto span = section_span(head, size, kSectionMemory);
    return span && span->second >= kStagedMemoryBytes ? span : std::nullopt;
  });
  auto a = open_artifact_bytes(wrp, staged.bytes, module_files_in(modules_dir_for(wrp)),
                               OpenOptions::for_loading(staged.rest));
  p.mark("read+check");
  return start(std::move(a), device, trust);
}

std::unique_ptr<Replay> Replay::load_from_memory(const std::string& label, ByteView wrp,
                                                 const ModuleFileReader& read_module, int device,
                                                 const TrustPolicy& trust) {
  background::start();
  return start(open_artifact_bytes(label, wrp, read_module, OpenOptions::for_loading()), device, trust);
}

std::unique_ptr<Replay> Replay::start(Artifact artifact, int device, const TrustPolicy& trust) {
  std::unique_ptr<Replay> r(new Replay());
  auto shared = std::make_shared<Shared>();
  shared->a = std::move(artifact);
  // The memory section's digest, computed meanwhile (open_artifact_bytes), is compared
  // before its bytes go anywhere; where the load stopped first, a damaged section is the
  // cause to report.
  auto memory_checked = [&] {
    Phases p;
    finish_deferred_digest(shared->a.integrity);
    p.mark("memory digest");
    if (!shared->a.integrity.problems.empty()) fail(Exit::bad_input, integrity_error(shared->a.integrity));
  };
  try {
    // First: nothing that no manifest (or no trusted signature, when asked) vouches for goes further.
    r->verification_ = require_trusted(shared->a, trust);
    // Opted-in unverified input: the driver meets its images in a child process first.
    bool isolate = r->verification_ == Verification::unverified && trust.isolate_unverified;
    shared->load(device, isolate);
  } catch (...) {
    memory_checked();
    throw;
  }
  memory_checked();
  r->s_ = State::make(std::move(shared));
  return r;
}

std::unique_ptr<Replay> Replay::instance() const {
  std::unique_ptr<Replay> r(new Replay());
  r->verification_ = verification_;
  r->s_ = State::make(s_->sh);
  return r;
}

Replay::~Replay() = default;

uint64_t Replay::param_size(const std::string& name) const { return binding_size(*s_->a, name); }

std::string Replay::param_dtype(const std::string& name) const {
  binding_size(*s_->a, name);  // an unknown name is a usage error, as for the size
  auto t = binding_element_type(*s_->a, name);
  return t ? t->str() : "";
}

// The binding's address (its region, or the memory bound to it) once `size` is checked
// against it and earlier replays finished.
static CUdeviceptr binding_ready(Replay::State& s, uint64_t want, const std::string& name, uint64_t size,
                                 const char* call) {
  if (size != want)
    fail(Exit::usage, fmt::format("{} {}: {} bytes given, its region holds {}", call, printable(name), size, want));
  s.cu->check(s.cu->cuCtxSetCurrent(s.sh->ctx), "cuCtxSetCurrent");
  s.cu->check(s.cu->cuStreamSynchronize(s.stream), "cuStreamSynchronize");
  return s.address(Operand::in_region(s.sh->bindings.at(name), 0));
}

std::pair<uint64_t, uint64_t> Replay::param_device_ptr(const std::string& name) const {
  uint64_t size = param_size(name);
  return {s_->address(Operand::in_region(s_->sh->bindings.at(name), 0)), size};
}

void Replay::bind_param(const std::string& name, uint64_t ptr, uint64_t size) {
  auto& s = *s_;
  uint64_t want = param_size(name);
  uint32_t id = s.sh->bindings.at(name);
  if (ptr) s.check_binding(name, id, ptr, size, want);
  s.cu->check(s.cu->cuCtxSetCurrent(s.sh->ctx), "cuCtxSetCurrent");
  if (ptr)
    s.bound[id] = {ptr, size};
  else if (!s.bound.erase(id))
    return;  // nothing was bound: the graph stands
  s.rebuild_graph();
}

void Replay::set_param(const std::string& name, const void* data, uint64_t size) {
  auto p = binding_ready(*s_, param_size(name), name, size, "set_param");
  if (size) s_->cu->check(s_->cu->cuMemcpyHtoD(p, data, size), "set_param " + name);
}

void Replay::get_param(const std::string& name, void* data, uint64_t size) {
  auto p = binding_ready(*s_, param_size(name), name, size, "get_param");
  if (size) s_->cu->check(s_->cu->cuMemcpyDtoH(data, p, size), "get_param " + name);
}

void* Replay::add_to_graph(void* graph, const std::vector<void*>& deps) {
  auto& s = *s_;
  if (!graph) fail(Exit::usage, "add_to_graph: the graph is NULL");
  s.cu->check(s.cu->cuCtxSetCurrent(s.sh->ctx), "cuCtxSetCurrent");
  std::vector<CUgraphNode> after;
  for (auto* d : deps) after.push_back(static_cast<CUgraphNode>(d));
  return append_graph(*s.cu, s.sh->ctx, s, static_cast<CUgraph>(graph), s.sh->plan, after);
}

// A stream the caller is capturing: the replay's nodes join the capture's graph after its
// current dependencies (conditional nodes too, which CUDA refuses in a child graph, as a
// plain graph launch would make), and the caller's next work follows the replay.
static bool join_capture(Replay::State& s, CUstream stream) {
  auto& cu = *s.cu;
  if (!cu.cuStreamGetCaptureInfo || !cu.cuStreamUpdateCaptureDependencies) return false;  // an older driver
  int status = 0;
  unsigned long long id = 0;
  CUgraph graph = nullptr;
  const CUgraphNode* deps = nullptr;
  const void* edges = nullptr;
  size_t count = 0;
  cu.check(cu.cuStreamGetCaptureInfo(stream, &status, &id, &graph, &deps, &edges, &count), "cuStreamGetCaptureInfo");
  if (status != kCuCaptureActive) return false;
  // The driver gives edge data even for plain edges (all zero: the default type, ports 0).
  auto* edge = static_cast<const unsigned char*>(edges);
  if (edge && std::any_of(edge, edge + count * kCuGraphEdgeDataBytes, [](unsigned char b) { return b != 0; }))
    fail(Exit::usage,
         "launch: the stream's capture has dependencies with edge data (programmatic edges), which a "
         "replay does not join: launch it after a plain dependency");
  auto last = append_graph(cu, s.sh->ctx, s, graph, s.sh->plan, std::vector<CUgraphNode>(deps, deps + count));
  if (last)
    cu.check(cu.cuStreamUpdateCaptureDependencies(stream, &last, nullptr, 1, kCuSetCaptureDependencies),
             "cuStreamUpdateCaptureDependencies");
  return true;
}

void Replay::launch(void* stream) {
  auto& s = *s_;
  s.cu->check(s.cu->cuCtxSetCurrent(s.sh->ctx), "cuCtxSetCurrent");
  if (stream && join_capture(s, static_cast<CUstream>(stream))) return;
  s.cu->check(s.cu->cuGraphLaunch(s.exec, stream ? stream : s.stream), "cuGraphLaunch");
}

void Replay::synchronize() {
  auto& s = *s_;
  s.cu->check(s.cu->cuStreamSynchronize(s.stream), "cuStreamSynchronize");
}

}  // namespace wrp
