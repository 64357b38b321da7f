// What wrp-run can replay is decided from the artifact alone (no GPU needed).
#include <doctest/doctest.h>
#include <fmt/format.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/replay.hpp"

using namespace wrp;

static std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (auto& x : v) s += x + "; ";
  return s;
}

TEST_CASE(
    "replay_blockers: launches, copies and memsets replay, if/while without helpers, CPU graphs and meshes are named") {
  CHECK(replay_blockers(open_artifact(fixtures::ptx75(), false)).empty());
  CHECK(replay_blockers(open_artifact(fixtures::local("warp-1.17.0-h200/histogram"), false))
            .empty());  // memcpy_d2d, memset
  CHECK(replay_blockers(open_artifact(fixtures::cubin18_source(), false)).empty());
  // A capture as Warp saved it has no helper kernels; wrp-build's output has them (test_build_plan.cpp).
  auto w = joined(replay_blockers(open_artifact(fixtures::while_loop(), false)));
  CHECK(w.find("while (need wrp-run's helper kernels, which wrp-build adds") != std::string::npos);
  CHECK(joined(replay_blockers(open_artifact(fixtures::cpu18(), false))).find("a CPU graph") != std::string::npos);
  // scan, sorts, run-length encode and reduction need the helpers too (no longer refused as such)
  auto sorts = joined(replay_blockers(open_artifact(fixtures::local("cpu/algorithms_w119/radix_sorts"), false)));
  CHECK(sorts ==
        "a CPU graph (wrp-run replays CUDA graphs); radix_sort (need wrp-run's helper kernels, which wrp-build "
        "adds: rebuild the artifact with it); ");
  // a Warp 1.17 mesh capture as saved: no mesh kernels yet (wrp-build adds them)
  CHECK(joined(replay_blockers(open_artifact(fixtures::mesh15(), false))).find("mesh kernels") != std::string::npos);
}

TEST_CASE("replay_blockers: helper kernels from an older wrp-build that lack an algorithm kernel are named") {
  auto a = open_artifact(fixtures::local("cpu/algorithms_w119/radix_sorts"), false);
  Image old;  // what wrp-build made before the algorithm kernels: the conditions and the fill
  old.arch = *parse_arch("sm_90");
  old.entries = {"wrpkit_set_condition", "wrpkit_set_if_else", "wrpkit_memtile"};
  old.entries_known = true;
  a.replay_helpers = {old};
  auto why = joined(replay_blockers(a));
  CHECK(why.find("its wrp-run helper kernels (sm_90 lack wrpkit_radix_histogram_k32, wrpkit_radix_histogram_k64, "
                 "wrpkit_radix_scatter_k32_v32") != std::string::npos);
  CHECK(why.find("rebuild the artifact with this one") != std::string::npos);
  a.replay_helpers[0].entries = replay_helper_entries();  // this wrp-build's: only the CPU graph remains
  CHECK(joined(replay_blockers(a)) == "a CPU graph (wrp-run replays CUDA graphs); ");
  a.replay_helpers[0].entries_known = false;  // compressed: unknown until the driver loads it
  CHECK(joined(replay_blockers(a)) == "a CPU graph (wrp-run replays CUDA graphs); ");
}

TEST_CASE("replay_blockers: a mesh whose record asks for the median tree replays, one asking for LBVH is named") {
  auto a = open_artifact(fixtures::mesh18(), false);
  REQUIRE(a.meta.meshes.size() == 1);
  a.mesh_helpers = {Image{}};  // as wrp-build adds them; what is left to refuse is the tree
  a.mesh_helpers[0].entries_known = false;
  CHECK(replay_blockers(a).empty());
  a.meta.meshes[0].bvh_constructor = 1;  // median: Warp's host builder, node for node (mesh_bvh_test.cpp)
  CHECK(replay_blockers(a).empty());
  a.meta.meshes[0].bvh_constructor = 2;
  CHECK(joined(replay_blockers(a)) ==
        "mesh 0's BVH constructor lbvh (wrp-run builds Warp's host trees, SAH and median: re-capture with "
        "bvh_constructor=\"sah\"); ");
}

TEST_CASE("replay_blockers: meshes replay for the loaders of Warp 1.16 to 1.19, another release's are named") {
  auto a = open_artifact(fixtures::mesh18(), false);
  a.mesh_helpers = {Image{}};
  a.mesh_helpers[0].entries_known = false;
  for (uint32_t format : {15u, 16u}) {  // loaded by Warp 1.16 to 1.18, whose builders agree
    a.meta.version = format;
    a.meta.producer_version.clear();
    CHECK_MESSAGE(replay_blockers(a).empty(), format);
  }
  a.meta.version = 18;
  a.meta.producer_version = "1.20.0";
  CHECK(joined(replay_blockers(a)) ==
        "1 mesh(es): Warp 1.20.0 loads them, and wrp-run builds the meshes of Warp 1.15.0 to 1.19.0 only; ");
  a.meta.producer_version = "1.18.0";  // format 18 names its loader: any release the table knows
  CHECK(replay_blockers(a).empty());
}

namespace {

// Every launch record of an artifact as one comparable line: its grid, block, arguments'
// values and relocations (what wrp-run packs and patches). The 8 bytes a relocation
// patches are left out: they hold the capturing process's addresses.
std::string launches_summary(const Artifact& a) {
  std::string s;
  for (auto& o : a.ops.ops) {
    if (o.type != kOpLaunch) continue;
    auto& l = o.launch;
    Bytes values = l.value_data;
    for (auto* params : {&l.params, &l.adjoint_params})
      for (auto& p : *params)
        for (auto& r : p.relocs)
          for (size_t i = 0; i < 8 && p.value_offset + r.value_byte_offset + i < values.size(); ++i)
            values[p.value_offset + r.value_byte_offset + i] = 0;
    s += fmt::format("{}/{} shape {},{},{},{} ndim {} size {} dim {} max_blocks {} block {} smem {} stride {} fwd {} |",
                     l.kernel_key, l.module_hash, l.shape[0], l.shape[1], l.shape[2], l.shape[3], l.ndim, l.size, l.dim,
                     l.max_blocks, l.block_dim, l.smem_bytes, l.grid_stride, l.is_forward);
    for (auto* params : {&l.params, &l.adjoint_params})
      for (auto& p : *params) {
        s += fmt::format(" p{}:{}+{}/{}", p.index, p.value_offset, p.value_size, p.value_align);
        for (auto& r : p.relocs)
          s += fmt::format(" r{}@{}:{}+{}", r.kind, r.value_byte_offset, r.region_id, r.region_offset);
      }
    s += fmt::format(" values {}\n", sha256_hex(values));
  }
  return s;
}

}  // namespace

// Warp 1.15 writes format 14, 1.16 format 15: the same launch records (their apic_types.h
// and launch code differ only in the ops 1.16 added), so wrp-run replays 14 as it does 15.
TEST_CASE("replay_blockers: Warp 1.15's format 14 records the launches 1.16's format 15 does, and is not refused") {
  auto w115 = open_artifact(fixtures::cpu14_particles());
  auto w116 = open_artifact(fixtures::cpu15_particles());
  CHECK(w115.container.version == 14);
  CHECK(w116.container.version == 15);
  CHECK(!launches_summary(w115).empty());
  CHECK(launches_summary(w115) == launches_summary(w116));
  CHECK(w115.regions.size() == w116.regions.size());
  CHECK(joined(replay_blockers(w115)) == "a CPU graph (wrp-run replays CUDA graphs); ");  // the device, not the format
}

TEST_CASE("plan_replay: a launch of a kernel the metadata lacks is a problem of the plan, with the remedy") {
  auto a = open_artifact(fixtures::ptx75(), false);
  REQUIRE(plan_replay(a).problems.empty());
  REQUIRE(!a.meta.kernels.empty());
  auto gone = a.meta.kernels.front();
  a.meta.kernels.erase(a.meta.kernels.begin());
  a.container.find(kSectionMetadata)->data = serialize_metadata(a.meta);
  auto b = open_artifact_bytes("p.wrp", serialize_container(a.container), {});
  auto problems = plan_replay(b).problems;
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].starts_with("p.wrp: operations: "));
  CHECK(problems[0].find(fmt::format("of kernel '{}' in module hash '{}' name no kernel of the metadata", gone.key,
                                     gone.module_hash)) != std::string::npos);
  CHECK(problems[0].ends_with("; the capture is damaged or was not written by Warp: re-save it"));
}

TEST_CASE("plan_replay: a kernel parameter pointing outside the regions is a problem of the plan") {
  auto a = open_artifact(fixtures::ptx75(), false);
  Reloc* pointer = nullptr;
  for (auto& op : a.ops.ops) {
    if (op.type != kOpLaunch) continue;
    for (auto& p : op.launch.params)
      for (auto& r : p.relocs)
        if (!pointer && r.kind == kRelocDataPtr) pointer = &r;
  }
  REQUIRE(pointer);
  auto region = *find_region(a.regions, uint32_t(pointer->region_id));
  pointer->region_offset = region.size + 1;
  auto past = plan_replay(a).problems;
  REQUIRE(past.size() == 1);
  CHECK(past[0].find(fmt::format("into region {} of {} bytes", region.id, region.size)) != std::string::npos);
  pointer->region_id = 999;
  auto missing = plan_replay(a).problems;
  REQUIRE(missing.size() == 1);
  CHECK(missing[0].find("into region 999, which the memory section does not hold; the capture is damaged") !=
        std::string::npos);
}
