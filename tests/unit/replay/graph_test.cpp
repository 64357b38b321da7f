// The graph wrp-run builds, recorded through a fake CUDA driver (CudaApi's entry
// points are plain function pointers): which nodes, in which graph, after which
// node, with which arguments, for real captures and for ops made here.
#include "wrpkit/replay/graph.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/replay/algorithms.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/plan.hpp"

using namespace wrp;
using namespace fake;

namespace {

std::vector<Region> eight_regions() {
  std::vector<Region> r;
  for (uint32_t id = 1; id <= 8; ++id) r.push_back({id, 4, 0x10000, false, 0});
  return r;
}

// The plan of `ops`, checked for problems, built through the fake driver.
ReplayPlan build(const CudaApi& api, FakeResources& res, CUgraph top, const std::vector<Op>& ops,
                 const std::vector<Region>& regions, const std::string& where) {
  auto plan = plan_replay(ops, regions, where);
  REQUIRE(plan.problems.empty());
  build_graph(api, nullptr, res, top, plan);
  return plan;
}

std::string shape(CUgraph top) {
  // "graph: node <- previous" lines, graphs named top / body1, body2 ... in order of appearance
  std::map<uintptr_t, std::string> names{{reinterpret_cast<uintptr_t>(top), "top"}};
  std::string s;
  for (size_t i = 0; i < g_nodes.size(); ++i) {
    auto& n = g_nodes[i];
    if (!names.count(n.graph)) names[n.graph] = fmt::format("body{}", names.size());
    s += fmt::format("{}: #{} {}{}\n", names[n.graph], i, n.what,
                     n.after >= 0 ? fmt::format(" after #{}", n.after) : "");
  }
  return s;
}

void reset() {
  g_nodes.clear();
  g_function_names.clear();
}

Op launch_op(const char* key) {
  Op o;
  o.type = kOpLaunch;
  o.launch.kernel_key = key;
  o.launch.dim = 10;
  o.launch.size = 10;
  o.launch.ndim = 1;
  o.launch.shape[0] = 10;
  o.launch.block_dim = 256;
  o.launch.max_blocks = 0;
  return o;
}

}  // namespace

TEST_CASE("graph: a real while capture becomes set-condition, WHILE node, and a body that re-evaluates it") {
  reset();
  auto a = open_artifact(fixtures::while_loop(), false);
  auto api = fake_api();
  FakeResources res(&a);
  auto top = reinterpret_cast<CUgraph>(uintptr_t(1));
  build(api, res, top, a.ops.ops, a.regions, "w");
  auto s = shape(top);
  // The capture: counter and acc set up, then while(counter) { step_counter }
  CHECK(s.find("top: #0 kernel wrpkit_set_condition\ntop: #1 while after #0\nbody1: #2 kernel step_counter") !=
        std::string::npos);
  auto& w = g_nodes[1];
  auto& first = g_nodes[0];
  auto& last = g_nodes.back();
  CHECK(last.what == "kernel wrpkit_set_condition");
  CHECK(last.after == 2);  // after the body's kernel, in the body
  CHECK(last.graph == g_nodes[2].graph);
  // the same handle and the same condition address (the region the while op names), not negated
  CHECK(first.args[0] == w.args[0]);
  CHECK(last.args[0] == w.args[0]);
  CHECK(first.args[1] == last.args[1]);
  CHECK(first.args[1] == 0x10000 * uint64_t(a.ops.ops[0].dst_region) + a.ops.ops[0].dst_offset);
  CHECK(first.args[2] == 0);
}

// Captures by stock Warp 1.19 on the H200 (tests/data/warp-1.19.0-h200/default-sf): the ops
// as Warp recorded them, the graph as wrp-run builds it.
std::string built(const char* scene, const Artifact** keep = nullptr) {
  reset();
  static std::map<std::string, Artifact> opened;
  auto& a = opened[scene] = open_artifact(fixtures::local(std::string("warp-1.19.0-h200/default-sf/") + scene), false);
  if (keep) *keep = &a;
  auto api = fake_api();
  FakeResources res(&a);
  auto top = reinterpret_cast<CUgraph>(uintptr_t(1));
  build(api, res, top, a.ops.ops, a.regions, scene);
  return shape(top);
}

TEST_CASE("graph: Warp's capture_if with both branches, the else alone, the if alone") {
  const Artifact* a = nullptr;
  auto s = built("if_else", &a);
  CHECK(s ==
        "top: #0 kernel wrpkit_set_if_else\n"
        "top: #1 if after #0\n"
        "body1: #2 kernel scale_by_013a5985_cuda_kernel_forward\n"
        "top: #3 if after #1\n"
        "body2: #4 kernel scale_by_013a5985_cuda_kernel_forward\n"
        "top: #5 kernel wrpkit_set_condition after #3\n"
        "top: #6 if after #5\n"
        "body3: #7 kernel scale_by_013a5985_cuda_kernel_forward\n"
        "top: #8 kernel wrpkit_set_condition after #6\n"
        "top: #9 if after #8\n"
        "body4: #10 kernel scale_by_013a5985_cuda_kernel_forward\n");
  CHECK(g_nodes[5].args[2] == 1);                   // capture_if(no, on_false=...): the condition negated
  CHECK(g_nodes[8].args[2] == 0);                   // capture_if(flag, on_true=...)
  CHECK(g_nodes[0].args[2] == g_nodes[8].args[1]);  // both read flag's region
  CHECK(g_nodes[5].args[1] != g_nodes[8].args[1]);  // "no" is another region
}

TEST_CASE("graph: Warp's fills are memtiles of 12-, 8- and 2-byte values in their widest words") {
  built("fills");
  std::vector<std::vector<uint64_t>> fills;
  for (auto& n : g_nodes)
    if (n.what == "kernel wrpkit_memtile") fills.push_back({n.args[2], n.args[3], n.args[4]});
  // (pattern words, total words, word bytes): vec3 x 3000, int64 x 5000, float16 x 777
  CHECK(fills == std::vector<std::vector<uint64_t>>{{3, 9000, 4}, {1, 5000, 8}, {1, 777, 2}});
  const Artifact* a = nullptr;
  built("fills", &a);
  CHECK(plan_replay(a->ops.ops, a->regions, "fills").constants_size == 3 * kAreaAlign);
}

TEST_CASE("graph: Warp's while with an if/else inside builds nested conditional bodies") {
  auto s = built("nested");
  CHECK(s ==
        "top: #0 kernel wrpkit_set_condition\n"
        "top: #1 while after #0\n"
        "body1: #2 kernel countdown_parity_efdf71b2_cuda_kernel_forward\n"
        "body1: #3 kernel wrpkit_set_if_else after #2\n"
        "body1: #4 if after #3\n"
        "body2: #5 kernel scale_by_013a5985_cuda_kernel_forward\n"
        "body1: #6 if after #4\n"
        "body3: #7 kernel wrpkit_memtile\n"
        "body1: #8 kernel wrpkit_set_condition after #6\n");
  CHECK(g_nodes[8].args[0] == g_nodes[1].args[0]);  // the loop's own handle, re-evaluated last in its body
}

TEST_CASE("graph: if with one or two branches, memtile word widths, copies and memsets in order") {
  reset();
  auto api = fake_api();
  FakeResources res;
  auto top = reinterpret_cast<CUgraph>(uintptr_t(1));
  std::vector<Op> ops;
  Op fill;  // 100 vec3 of float at a 4-aligned offset: 4-byte words, pattern of 3
  fill.type = kOpMemtile, fill.dst_region = 2, fill.dst_offset = 4, fill.size = 100;
  fill.data = Bytes(12, 1);
  ops.push_back(fill);
  Op fill8 = fill;  // 8-byte value at an 8-aligned offset
  fill8.dst_offset = 16, fill8.data = Bytes(8, 2), fill8.size = 1000;
  ops.push_back(fill8);
  Op only_else;  // if with an else branch only: the condition negated
  only_else.type = kOpIf, only_else.dst_region = 1, only_else.dst_offset = 8;
  only_else.branch_b.push_back(launch_op("b"));
  ops.push_back(only_else);
  Op both = only_else;
  both.branch_a.push_back(launch_op("a"));
  ops.push_back(both);
  Op cp;
  cp.type = kOpMemcpyH2D, cp.dst_region = 3, cp.dst_offset = 0, cp.size = 4, cp.data = Bytes{1, 2, 3, 4};
  ops.push_back(cp);
  Op ms;
  ms.type = kOpMemset, ms.dst_region = 3, ms.dst_offset = 4, ms.size = 8, ms.value = 0xAB;
  ops.push_back(ms);
  auto plan = build(api, res, top, ops, eight_regions(), "ops");
  CHECK(shape(top) ==
        "top: #0 kernel wrpkit_memtile\n"
        "top: #1 kernel wrpkit_memtile after #0\n"
        "top: #2 kernel wrpkit_set_condition after #1\n"
        "top: #3 if after #2\n"
        "body1: #4 kernel b\n"
        "top: #5 kernel wrpkit_set_if_else after #3\n"
        "top: #6 if after #5\n"
        "body2: #7 kernel a\n"
        "top: #8 if after #6\n"
        "body3: #9 kernel b\n"
        "top: #10 memcpy after #8\n"
        "top: #11 memset after #10\n");
  auto& m = g_nodes[0];  // dst, pattern, pattern words, total words, word bytes
  CHECK(m.args == std::vector<uint64_t>{0x20004, 0x900000, 3, 300, 4});
  CHECK(g_nodes[1].args == std::vector<uint64_t>{0x20010, 0x900100, 1, 1000, 8});
  REQUIRE(plan.constants.size() == 3);
  CHECK(Bytes(plan.constants[0].bytes.begin(), plan.constants[0].bytes.end()) == Bytes(12, 1));
  CHECK(g_nodes[2].args == std::vector<uint64_t>{g_nodes[3].args[0], 0x10008, 1});  // negated: else only
  CHECK(g_nodes[5].args[0] == g_nodes[6].args[0]);                                  // if handle
  CHECK(g_nodes[5].args[1] == g_nodes[8].args[0]);                                  // else handle
  CHECK(g_nodes[10].dst == 0x30000);
  CHECK(g_nodes[10].src == 0x900200);  // the h2d bytes, uploaded once at load
  CHECK(Bytes(plan.constants[2].bytes.begin(), plan.constants[2].bytes.end()) == Bytes{1, 2, 3, 4});
  CHECK(g_nodes[11].dst == 0x30004);
  CHECK(g_nodes[11].size == 8);
  // the runtime allocates the constants' area before building: one slot per constant
  CHECK(plan.constants_size == 3 * kAreaAlign);
}

TEST_CASE("graph: a fill, a condition or a sort's keys outside its region is bad input naming the op") {
  reset();
  auto api = fake_api();
  FakeResources res;
  Op fill;
  fill.type = kOpMemtile, fill.dst_region = 2, fill.dst_offset = 0, fill.size = 0x10000, fill.data = Bytes(4, 0);
  auto plan = plan_replay({fill}, eight_regions(), "x.wrp: operations");
  REQUIRE(plan.problems.size() == 1);
  CHECK(plan.problems[0] ==
        "x.wrp: operations[0] (memtile, offset 0): 262144 bytes at offset 0 of region 2 lie outside the regions "
        "the file holds");
  CHECK(plan.nodes.empty());
  Op sort;  // 10000 int32 keys take 80000 bytes (two halves): more than the 64 KiB region holds
  sort.type = kOpRadixSort, sort.offset = 96;
  sort.algo.dtype = kInt32, sort.algo.count = 10000, sort.algo.end_bit = 32;
  sort.algo.a = {1, 0}, sort.algo.b = {2, 0};
  Op cond;  // a while whose condition lies past its region, after the sort
  cond.type = kOpWhile, cond.dst_region = 3, cond.dst_offset = 0xFFFE;
  cond.branch_a.push_back(launch_op("a"));
  plan = plan_replay({sort, cond}, eight_regions(), "x.wrp: operations");
  REQUIRE(plan.problems.size() == 2);  // every problem, in op order
  CHECK(plan.problems[0] ==
        "x.wrp: operations[0] (radix_sort, offset 96): its keys, 80000 bytes at offset 0 of region 1 lie outside the "
        "regions the file holds");
  CHECK(plan.problems[1].starts_with("x.wrp: operations[1] (while, offset 0): 4 bytes at offset 65534 of region 3"));
  auto old = api;
  old.cuGraphAddNode = nullptr;  // a driver before CUDA 12.3
  old.cuDriverGetVersion = [](int* v) {
    *v = 12020;
    return 0;
  };
  Op w;
  w.type = kOpWhile, w.dst_region = 1;
  w.branch_a.push_back(launch_op("a"));
  plan = plan_replay({w}, eight_regions(), "x.wrp: operations");
  try {
    build_graph(old, nullptr, res, reinterpret_cast<CUgraph>(uintptr_t(1)), plan);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::toolchain);
    CHECK(std::string(e.what()).find("this driver (CUDA 12.2) has no conditional graph nodes") != std::string::npos);
  }
}

TEST_CASE("graph: Warp's radix sorts chain their kernels and copies in op order, inside the scratch placed for them") {
  reset();
  auto a = open_artifact(fixtures::local("cpu/algorithms_w119/radix_sorts"), false);
  auto api = fake_api();
  FakeResources res(&a);
  auto top = reinterpret_cast<CUgraph>(uintptr_t(1));
  auto plan = build(api, res, top, a.ops.ops, a.regions, "radix_sorts");
  // each node after the one before: one chain, the captures' own copies after each sort's kernels
  for (size_t i = 1; i < g_nodes.size(); ++i) CHECK(g_nodes[i].after == int(i) - 1);
  CHECK(g_nodes[0].what == "kernel wrpkit_radix_histogram_k32");
  // the int32 sort: 4 passes x 3 kernels and its two copies between the halves, then the capture's wp.copy x 2
  CHECK((g_nodes[11].what == "kernel wrpkit_radix_scatter_k32_v32" && g_nodes[12].what == "memcpy" &&
         g_nodes[14].what == "memcpy" && g_nodes[16].what == "kernel wrpkit_radix_histogram_k32"));
  // five sorts use scratch (the sort of one element needs none), one area: the most any uses
  uint64_t most = 0;
  size_t using_scratch = 0;
  for (auto& o : a.ops.ops) {
    using_scratch += algorithm_scratch_size(o) > 0;
    most = std::max(most, algorithm_scratch_size(o));
  }
  CHECK(using_scratch == 5);
  CHECK(plan.scratch_size == most);
  for (auto& n : g_nodes)  // every scratch address a kernel gets lies inside that area
    for (auto v : n.args)
      if (v >= 0xA00000 && v < 0xB00000) CHECK(v < 0xA00000 + plan.scratch_size);
}

TEST_CASE("graph: a clustered launch takes whole clusters on a GPU with clusters, Warp's plain grid on one without") {
  Op o = launch_op("clustered");
  o.launch.block_dim = 64;
  o.launch.grid_stride = 1;
  o.launch.max_blocks = 7;  // 7 blocks capped; with clusters of 2: 6
  o.launch.cluster_dim = 2;
  o.launch.dim = o.launch.size = o.launch.shape[0] = 64 * 40;
  for (bool clusters : {true, false}) {
    CAPTURE(clusters);
    reset();
    auto api = fake_api();
    FakeResources res;
    res.with_clusters = clusters;
    build(api, res, reinterpret_cast<CUgraph>(uintptr_t(1)), {o}, eight_regions(), "c");
    REQUIRE(g_nodes.size() == 1);
    CHECK(g_nodes[0].grid == (clusters ? 6u : 7u));
    CHECK(g_nodes[0].block == 64);
  }
}

TEST_CASE("graph: joined to a caller's graph, the chain starts after the caller's node, its while node inside it") {
  reset();
  auto a = open_artifact(fixtures::while_loop(), false);
  auto api = fake_api();
  FakeResources res(&a);
  auto callers = reinterpret_cast<CUgraph>(uintptr_t(7));
  auto plan = plan_replay(a.ops.ops, a.regions, "w");
  REQUIRE(plan.problems.empty());
  CUgraphNode own = handle_of(41);  // the caller's node before the replay (the fake numbers nodes from 1)
  auto last = append_graph(api, nullptr, res, callers, plan, {own});
  REQUIRE(g_nodes.size() >= 4);
  CHECK(g_nodes[0].after == 41);  // the first node waits for the caller's
  CHECK(g_nodes[0].graph == 7);
  CHECK(g_nodes[1].what == "while");
  CHECK(g_nodes[1].graph == 7);  // the conditional node sits in the caller's graph itself, no child graph
  CHECK(g_nodes[2].graph != 7);  // its body: the graph the conditional node owns
  size_t top_last = 0;
  for (size_t i = 0; i < g_nodes.size(); ++i)
    if (g_nodes[i].graph == 7) top_last = i;
  CHECK(last == handle_of(top_last));  // what the caller's next node follows
  // no nodes to add: nothing comes back, the caller's own node stands
  auto empty = plan_replay({}, a.regions, "w");
  CHECK(append_graph(api, nullptr, res, callers, empty, {own}) == nullptr);
}
