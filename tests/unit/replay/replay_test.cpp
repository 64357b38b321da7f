// The runtime's load (Replay) on a fake GPU (fakes.hpp: FakeGpu): what it allocates,
// loads and builds, parameters through its memory, and how it meets thread-block
// clusters on GPUs with and without them.
#include "wrpkit/replay/replay.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "sealed.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/driver/cuda_api.hpp"
#include "wrpkit/replay/helper_kernels.hpp"

using namespace wrp;

using namespace fixtures;
using namespace fake;

// The captures here are as Warp saved them (no manifest), replayed on the fake GPU in
// this process: an isolated child would meet the real driver instead of the fake.
static const TrustPolicy kRawCapture{.allow_unverified = true, .isolate_unverified = false};

namespace {

// particles (Warp 1.17): 20 lean launches of 4096 points in blocks of 256 (16 blocks).
Artifact particles_with_clusters(uint8_t cluster_dim) {
  auto a = open_artifact(fixtures::ptx75());
  for (auto& op : a.ops.ops)
    if (op.type == kOpLaunch) op.launch.cluster_dim = cluster_dim;
  return a;
}

bool attribute_set(int attribute) {
  return std::any_of(g_gpu.set_attributes.begin(), g_gpu.set_attributes.end(),
                     [&](auto& s) { return s.second == attribute; });
}

}  // namespace

TEST_CASE("replay: a real capture loads on a fake GPU: its modules, a chain of nodes, parameters round-trip") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::ptx75());
  auto bindings = a.meta.bindings;
  size_t modules = a.modules.size();
  auto r = Replay::start(std::move(a), 0, kRawCapture);
  CHECK(g_gpu.modules_loaded == int(modules));
  CHECK(g_gpu.memory.size() == 1);  // one arena holds every region and the constants
  CHECK(g_nodes.size() >= 20);
  REQUIRE(!bindings.empty());
  for (auto& b : bindings) {
    CAPTURE(b.name);
    std::vector<uint8_t> in(r->param_size(b.name)), out(in.size());
    std::iota(in.begin(), in.end(), uint8_t(7));
    r->set_param(b.name, in.data(), in.size());
    r->get_param(b.name, out.data(), out.size());
    CHECK(in == out);
  }
  r->launch();
  CHECK(g_gpu.graphs_launched == 1);
}

TEST_CASE(
    "replay: regions beyond the GPU's free memory fail the load naming the largest region, and it holds nothing") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::ptx75());
  auto largest =
      *std::max_element(a.regions.begin(), a.regions.end(), [](auto& x, auto& y) { return x.size < y.size; });
  g_gpu.free_bytes = 1000;
  std::string message;
  try {
    Replay::start(std::move(a), 0, kRawCapture);
  } catch (const Error& e) {
    CHECK(e.code() == Exit::toolchain);  // the driver's refusal: wrp-run's exit 4
    message = e.what();
  }
  CAPTURE(message);
  CHECK(message.find(fmt::format("(largest: region {}, {} bytes) on a GPU with 1000 bytes free", largest.id,
                                 largest.size)) != std::string::npos);
  CHECK(message.find("CUDA_ERROR_FAKE") != std::string::npos);
  CHECK(g_gpu.memory.empty());  // nothing allocated stays
  CHECK(g_gpu.modules_loaded > 0);
  CHECK(g_gpu.modules_unloaded == g_gpu.modules_loaded);
}

// A load from a file reads and hashes a large memory section on the background thread
// (read_file_staged, check_sections): the load succeeds, and where it fails a damaged
// section is the cause reported, before a module the driver refused.
TEST_CASE("replay: a memory section read and hashed beside the load, a damaged one reported before a module failure") {
  TempDir tmp;
  auto key = sealed::key1();
  auto wrp = sealed::sealed_copy(fixtures::cubin18_binary_only(), tmp.path(), &key);  // 512 KiB of memory
  {
    UseFakeGpu gpu;
    auto r = Replay::load(wrp, 0);
    auto a = open_artifact(wrp);
    auto& mem = a.container.require(kSectionMemory, "x");
    REQUIRE(mem.data.size() >= 128 * 1024);
    for (auto& b : a.meta.bindings) {
      CAPTURE(b.name);
      auto* region = find_region(a.regions, b.region_id);
      REQUIRE((region && region->has_initial_data));
      auto want = initial_data(*region, mem.data, mem.file_offset, region->size);
      std::vector<uint8_t> out(r->param_size(b.name));
      r->get_param(b.name, out.data(), out.size());  // uploaded from the bytes the background thread read
      CHECK(std::equal(out.begin(), out.end(), want.begin(), want.end()));
    }
  }
  auto failure = [&](const fs::path& path, Exit* code) {
    UseFakeGpu gpu([](FakeGpu& g) {
      g.load_error = "no kernel image";
      g.free_bytes = 1000;
    });
    auto why = error_of([&] { Replay::load(path, 0); }, code);
    CHECK(g_gpu.memory.empty());
    CHECK(g_gpu.modules_unloaded == g_gpu.modules_loaded);
    return why;
  };
  Exit code = Exit::ok;
  auto why = failure(wrp, &code);
  CHECK(code == Exit::toolchain);
  CHECK(why.find("loading module") != std::string::npos);
  auto a = open_artifact(wrp);
  auto* memory = a.container.find(kSectionMemory);
  auto bytes = read_file(wrp);
  bytes[memory->file_offset + memory->data.size() / 2] ^= 1;
  write_file_atomic(wrp, bytes);
  why = failure(wrp, &code);
  CHECK(code == Exit::bad_input);
  CHECK(why.find("section memory") != std::string::npos);
}

TEST_CASE("replay: clustered launches on a GPU with clusters, where clusters above 8 blocks opt in as Warp does") {
  UseFakeGpu gpu;
  auto r = Replay::start(particles_with_clusters(16), 0, kRawCapture);
  CHECK(attribute_set(kCuFuncAttrNonPortableClusters));
  CHECK(g_nodes.front().grid == 16);
}

TEST_CASE("replay: a GPU without clusters runs Warp's unclustered kernels, and refuses an image that needs them") {
  SUBCASE("compute capability 8.0, kernels compiled without clusters") {
    UseFakeGpu gpu([](FakeGpu& g) { g.major = 8; });
    auto r = Replay::start(particles_with_clusters(2), 0, kRawCapture);
    CHECK(!attribute_set(kCuFuncAttrNonPortableClusters));
  }
  SUBCASE("compute capability 8.0, an image with clusters of 2") {
    UseFakeGpu gpu([](FakeGpu& g) {
      g.major = 8;
      g.cluster_width = 2;
    });
    Exit code = Exit::ok;
    auto why = error_of([] { Replay::start(particles_with_clusters(2), 0, kRawCapture); }, &code);
    CHECK(code == Exit::target);
    CHECK(why.find("on GPU 0 (Fake GPU, sm_80) needs thread-block clusters of 2 blocks, which this GPU cannot "
                   "launch") != std::string::npos);
  }
  SUBCASE("compute capability 9.0 without the cluster launch attribute") {
    UseFakeGpu gpu([](FakeGpu& g) {
      g.cluster_launch = 0;
      g.cluster_width = 2;
    });
    CHECK(!error_of([] { Replay::start(particles_with_clusters(2), 0, kRawCapture); }).empty());
  }
}

TEST_CASE("replay: a mesh capture's mesh is built at load, and its handle argument becomes the new mesh's id") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::mesh18());  // Warp 1.19: one mesh, winding numbers, a handle argument
  REQUIRE(a.meta.meshes.size() == 1);
  uint64_t captured = a.meta.meshes[0].original_id;
  Image kernels;  // what wrp-build adds: the mesh kernels for sm_90 (the fake driver loads any bytes)
  kernels.arch = *parse_arch("sm_90");
  kernels.entries = mesh_kernel_entries();
  kernels.entries_known = true;
  a.mesh_helpers = {kernels};
  a.container.sections.push_back({kSectionWrpkitMesh, 0, 0, Bytes{1, 2, 3, 4}});
  auto r = Replay::start(std::move(a), 0, kRawCapture);
  CHECK(g_gpu.launched ==
        std::vector<std::string>{kMeshBounds, kMeshInit, kMeshEdgeLength, kMeshSolidAngles});  // as Warp's loader
  const Node* query = nullptr;
  for (auto& n : g_nodes)
    if (n.what.find("mesh_queries_handle") != std::string::npos) query = &n;
  REQUIRE(query);
  CHECK(query->first_param != captured);
  CHECK(g_gpu.memory.count(query->first_param) == 1);  // the descriptor opens the mesh's own allocation
  r.reset();
  CHECK(g_gpu.memory.count(query->first_param) == 0);  // freed with the replay
}

TEST_CASE("replay: small regions' initial data goes up in few copies, each region's bytes where they belong") {
  UseFakeGpu gpu;
  g_first_params = false;  // Warp's sparse kernels open with a 4-byte int, not the 8 bytes the fake would copy
  auto a = open_artifact(fixtures::bsr_padded18());  // 31 regions, most of them small
  Image helpers;                                     // what wrp-build adds (the fake driver loads any bytes)
  helpers.arch = *parse_arch("sm_90");
  helpers.entries = plan_replay(a).helper_entries;
  helpers.entries_known = true;
  a.replay_helpers = {helpers};
  a.container.sections.push_back({kSectionWrpkitHelpers, 0, 0, Bytes{1, 2, 3, 4}});
  auto& mem = *a.container.find(kSectionMemory);
  std::map<std::string, Bytes> initial;  // each binding's region as the file holds it
  int with_data = 0;
  for (auto& reg : a.regions) with_data += reg.has_initial_data && reg.size;
  for (auto& b : a.meta.bindings)
    if (auto* reg = find_region(a.regions, b.region_id); reg && reg->has_initial_data && reg->size) {
      auto bytes = initial_data(*reg, mem.data, mem.file_offset, reg->size);
      initial[b.name] = Bytes(bytes.begin(), bytes.end());
    }
  REQUIRE(with_data >= 20);
  REQUIRE(initial.size() >= 10);
  auto r = Replay::start(std::move(a), 0, kRawCapture);
  CHECK(g_gpu.host_to_device_copies <= 3);  // the regions, the graph's constants
  for (auto& entry : initial) {             // not a structured binding: clang 14's CAPTURE cannot name one
    auto& name = entry.first;
    auto& want = entry.second;
    CAPTURE(name);
    Bytes got(want.size());
    r->get_param(name, got.data(), got.size());
    CHECK(got == want);
  }
}

TEST_CASE("replay: a binding bound to the caller's memory is what set, get and the rebuilt graph use") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::ptx75());
  REQUIRE(!a.meta.bindings.empty());
  std::string name = a.meta.bindings.front().name;
  auto r = Replay::start(std::move(a), 0, kRawCapture);
  auto [own, size] = r->param_device_ptr(name);
  REQUIRE(g_gpu.memory.size() == 1);  // the one arena holds it
  CHECK(own >= g_gpu.memory.begin()->first);
  size_t nodes = g_nodes.size();
  CUdeviceptr mine = 0x7e0000000000;  // the caller's allocation (256-aligned)
  g_gpu.memory[mine].assign(size, 0);
  r->bind_param(name, mine, size);
  CHECK(r->param_device_ptr(name) == std::make_pair(uint64_t(mine), size));
  CHECK(g_nodes.size() == 2 * nodes);  // the graph, built again with the new address
  std::vector<uint8_t> in(size, 0x5a), out(size);
  r->set_param(name, in.data(), size);
  CHECK(g_gpu.memory[mine] == in);  // zero-copy: the caller's memory is the binding
  r->get_param(name, out.data(), size);
  CHECK(out == in);
  bool uses_mine = false;
  for (size_t i = nodes; i < g_nodes.size(); ++i) uses_mine |= g_nodes[i].first_param == mine;
  CHECK(uses_mine);  // a kernel's array argument follows the binding
  // refused: another size, misaligned, inside the replay's own memory
  auto usage = [&](uint64_t p, uint64_t n) {
    try {
      r->bind_param(name, p, n);
    } catch (const Error& e) {
      CHECK(e.code() == Exit::usage);
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(usage(mine, size + 4).find("bytes given, its region holds") != std::string::npos);
  CHECK(usage(mine + 16, size).find("not 256-byte aligned") != std::string::npos);
  CHECK(usage(own, size).find("inside this replay's own regions") != std::string::npos);
  r->bind_param(name, 0, 0);  // back to the region
  CHECK(r->param_device_ptr(name).first == own);
  r->launch();
  CHECK(g_gpu.graphs_launched == 1);
}

TEST_CASE("replay: a launch on a stream the caller is capturing joins the capture's graph, then the capture goes on") {
  UseFakeGpu gpu([](FakeGpu& g) { g.capturing_stream = 0x5000; });
  auto r = Replay::start(open_artifact(fixtures::ptx75()), 0, kRawCapture);
  size_t built = g_nodes.size();
  REQUIRE(built > 0);
  r->launch(reinterpret_cast<void*>(0x5000));
  CHECK(g_gpu.graphs_launched == 0);  // no launch of the replay's own graph (it would be a child graph)
  REQUIRE(g_nodes.size() == 2 * built);
  CHECK(g_nodes[built].graph == 77);  // the capture's graph itself
  CHECK(g_nodes[built].after == 4);   // after the capture's last node
  CHECK(g_gpu.capture_deps == std::vector<CUgraphNode>{handle_of(g_nodes.size() - 1)});  // the caller's next work
  r->launch(reinterpret_cast<void*>(0x6000));  // a stream nobody captures: the graph is launched
  CHECK(g_gpu.graphs_launched == 1);
}

TEST_CASE("replay: an instance has its own memory, meshes and graph, shares the modules, and outlives the first") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::mesh18());
  Image kernels;
  kernels.arch = *parse_arch("sm_90");
  kernels.entries = mesh_kernel_entries();
  kernels.entries_known = true;
  a.mesh_helpers = {kernels};
  a.container.sections.push_back({kSectionWrpkitMesh, 0, 0, Bytes{1, 2, 3, 4}});
  std::string name = a.meta.bindings.front().name;
  auto first = Replay::start(std::move(a), 0, kRawCapture);
  int modules = g_gpu.modules_loaded;
  size_t memory = g_gpu.memory.size(), nodes = g_nodes.size();
  auto second = first->instance();
  CHECK(g_gpu.modules_loaded == modules);                            // the modules are shared: no second load
  CHECK(g_gpu.memory.size() > memory);                               // its own regions and its own mesh
  CHECK(g_gpu.launched.size() == 2 * mesh_kernel_entries().size());  // the mesh built again, from its memory
  CHECK(g_nodes.size() == 2 * nodes);                                // its own graph
  CHECK(first->param_device_ptr(name).first != second->param_device_ptr(name).first);
  uint64_t size = first->param_size(name);
  std::vector<uint8_t> one(size, 1), two(size, 2), out(size);
  first->set_param(name, one.data(), size);
  second->set_param(name, two.data(), size);
  first->get_param(name, out.data(), size);
  CHECK(out == one);  // independent memory
  first.reset();      // unloading the first leaves the instance whole
  second->get_param(name, out.data(), size);
  CHECK(out == two);
  second->launch();
  CHECK(g_gpu.graphs_launched == 1);
}

TEST_CASE("replay: param_dtype names what a binding holds, from the kernel that reads it") {
  UseFakeGpu gpu;
  auto r = Replay::start(open_artifact(fixtures::cubin18_source()), 0, kRawCapture);
  CHECK(r->param_dtype("a") == "<f4");
  CHECK(r->param_dtype("out") == "<f4");
  CHECK(!error_of([&] { r->param_dtype("nope"); }).empty());
  auto ptx = Replay::start(open_artifact(fixtures::ptx75()), 0, kRawCapture);  // PTX alone: nothing says
  CHECK(ptx->param_dtype("x").empty());
}

// Through the loader's own open (Replay::load: OpenOptions::for_loading()), not open_artifact:
// a retained CUDA source is what both the raw-address refusal and the binding types read.
TEST_CASE("replay: a load reads what its refusals and binding types need from a retained source") {
  UseFakeGpu gpu;
  Exit code = Exit::ok;
  auto why = error_of([] { Replay::load(fixtures::mesh_raw_id18(), 0, kRawCapture); }, &code);
  CHECK(code == Exit::target);
  CHECK(why.find("parameter 1 is the device address 0x30201cc00 of the capturing process") != std::string::npos);
  auto r = Replay::load(fixtures::cubin18_source(), 0, kRawCapture);
  CHECK(r->param_dtype("a") == "<f4");
  CHECK(r->param_dtype("out") == "<f4");
}

TEST_CASE("replay: starting a device pays its context's first-use costs once and leaves nothing behind") {
  UseFakeGpu gpu;
  Replay::start_device(0);  // no other test starts a device: this is the process's first
  CHECK(g_gpu.graphs_launched == 1);
  CHECK(g_gpu.memory.empty());  // the 256 bytes it allocated are freed
  Replay::start_device(0);      // once per device and process
  CHECK(g_gpu.graphs_launched == 1);
}

// Names in a file reach messages escaped: a kernel entry the driver does not find, named with a
// newline in the metadata, is reported on one line.
TEST_CASE("replay: a kernel entry the driver refuses is named on one line, control characters escaped") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::ptx75());
  for (auto& k : a.meta.kernels) k.forward_name = "missing\nkernel";  // the fake driver finds no "missing..."
  Exit code = Exit::ok;
  auto why = error_of([&] { Replay::start(std::move(a), 0, kRawCapture); }, &code);
  CHECK(why.find("kernel entry missing\\x0akernel") != std::string::npos);
  CHECK(why.find('\n') == std::string::npos);
}

// The plan decides before the driver is touched: a launch the metadata has no kernel for is
// refused with nothing loaded or allocated (it once failed while the graph was built).
TEST_CASE("replay: a launch of a kernel the metadata lacks is refused before any module or memory") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::ptx75());
  a.meta.kernels.erase(a.meta.kernels.begin());
  a.container.find(kSectionMetadata)->data = serialize_metadata(a.meta);
  auto b = open_artifact_bytes(fixtures::ptx75(), serialize_container(a.container),
                               module_files_in(modules_dir_for(fixtures::ptx75())));
  Exit code = Exit::ok;
  auto why = error_of([&] { Replay::start(std::move(b), 0, kRawCapture); }, &code);
  CHECK(code == Exit::bad_input);
  CHECK(why.find("name no kernel of the metadata") != std::string::npos);
  CHECK(why.ends_with("re-save it"));
  CHECK(g_gpu.modules_loaded == 0);
  CHECK(g_gpu.memory.empty());
}
