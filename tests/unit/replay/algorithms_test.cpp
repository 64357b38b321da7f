// Warp's algorithm records (scan, reduction, radix and segmented sort, run-length
// encode) as the walker decodes them from real captures, and the chains of
// helper kernels wrp-run appends for them: entries, grids, arguments, scratch,
// refusals. The captures (tests/data/cpu/algorithms_w119) are Warp 1.19's CPU
// captures of tests/gpu/warp_replay.py's algorithm scenes: Warp writes the same
// records under CUDA capture, which the GPU check replays.
#include "wrpkit/replay/algorithms.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstring>
#include <map>
#include <set>

#include "chain_recorder.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/pipeline/helper_source.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/plan.hpp"

using namespace wrp;
using namespace chain_test;

namespace {

const Artifact& scene(const std::string& name) {
  static std::map<std::string, Artifact> opened;
  auto it = opened.find(name);
  if (it == opened.end())
    it = opened.emplace(name, open_artifact(fixtures::local("cpu/algorithms_w119/" + name), false)).first;
  return it->second;
}

int32_t region_of(const Artifact& a, const std::string& binding) {
  for (auto& b : a.meta.bindings)
    if (b.name == binding) return int32_t(b.region_id);
  FAIL("no binding " << binding);
  return 0;
}

std::vector<const Op*> ops_of(const Artifact& a, uint32_t type) {
  std::vector<const Op*> out;
  for (auto& o : a.ops.ops)
    if (o.type == type) out.push_back(&o);
  return out;
}

// Operands must lie inside the artifact's regions.
Recorder chain(const Artifact& a, const Op& o) {
  std::vector<PlanNode> plan;
  auto operand = [&](const RegionRef& r, uint64_t bytes, const char* what) {
    auto* reg = r.region > 0 ? find_region(a.regions, uint32_t(r.region)) : nullptr;
    if (!reg || r.offset + bytes > reg->size) FAIL(what << " outside region " << r.region);
    return Operand::in_region(uint32_t(r.region), r.offset);
  };
  append_algorithm(plan, o, operand, Operand{Operand::Area::scratch, 0, 0}, "test");
  for (auto& n : plan) CHECK(n.where == "test");
  return Recorder(plan);
}

std::string refusal(const Op& o) {
  std::vector<PlanNode> plan;
  auto anywhere = [](const RegionRef& r, uint64_t, const char*) { return Operand::in_region(1, r.offset); };
  try {
    append_algorithm(plan, o, anywhere, Operand{Operand::Area::scratch, 0, 0}, "x.wrp: operations[0] (op)");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    return e.what();
  }
  return "";
}

// The helper entries one op's chain launches, as the replay plan records them.
std::vector<std::string> entries_of(const Artifact& a, const Op& o) {
  std::vector<std::string> out;
  for (auto& n : plan_replay({o}, a.regions, "t").nodes)
    if (n.kind == PlanNode::Kind::helper && std::find(out.begin(), out.end(), n.entry) == out.end())
      out.push_back(n.entry);
  return out;
}

}  // namespace

TEST_CASE("algorithm records: Warp 1.19's scans decode to their arrays, types, strides and flags") {
  auto& a = scene("scans");
  auto scans = ops_of(a, kOpScan);
  REQUIRE(scans.size() == 7);
  auto& s0 = scans[0]->algo;
  CHECK(s0.dtype == kInt32);
  CHECK(s0.count == 5000);
  CHECK(s0.a.region == region_of(a, "i32"));
  CHECK(s0.b.region == region_of(a, "i32_incl"));
  CHECK((s0.stride_a == 4 && s0.stride_b == 4 && s0.type_len == 1 && s0.inclusive));
  CHECK_FALSE(scans[1]->algo.inclusive);
  CHECK(scans[1]->algo.b.region == region_of(a, "i32_excl"));
  CHECK((scans[2]->algo.dtype == kInt64 && scans[2]->algo.count == 1 && scans[2]->algo.stride_a == 8));
  auto& v = scans[4]->algo;  // vec3 of float32: three components, 12-byte elements
  CHECK((v.dtype == kFloat32 && v.type_len == 3 && v.stride_a == 12 && v.count == 3001));
  CHECK(scans[5]->algo.dtype == kFloat64);
  auto& strided = scans[6]->algo;  // wide[::2]: every other float32
  CHECK((strided.stride_a == 8 && strided.stride_b == 4 && strided.count == 4000));
}

TEST_CASE("algorithm records: sums, an inner product and a per-column sum decode to their operands") {
  auto& a = scene("sums");
  auto red = ops_of(a, kOpReduction);
  REQUIRE(red.size() == 103);  // vsum, xsum, inner, then one per column of a 64 x 100 array
  auto& vsum = red[0]->algo;
  CHECK((vsum.reduction == kReductionSum && vsum.dtype == kFloat32 && vsum.type_len == 3 && vsum.stride_a == 12));
  CHECK(vsum.c.region == region_of(a, "vsum"));
  CHECK((red[1]->algo.dtype == kFloat64 && red[1]->algo.count == 7));
  auto& inner = red[2]->algo;
  CHECK((inner.reduction == kReductionInner && inner.a.region == region_of(a, "v") &&
         inner.b.region == region_of(a, "w") && inner.c.region == region_of(a, "inner")));
  for (int col : {0, 1, 99}) {
    auto& c = red[3 + col]->algo;
    CHECK((c.count == 64 && c.stride_a == 400 && c.a.offset == 4u * col && c.c.offset == 4u * col));
    CHECK(c.c.region == region_of(a, "cols"));
  }
}

TEST_CASE("algorithm records: radix sorts of six key types, value widths and a partial bit range") {
  auto& a = scene("radix_sorts");
  auto sorts = ops_of(a, kOpRadixSort);
  REQUIRE(sorts.size() == 6);
  std::vector<std::tuple<uint8_t, int, int, int>> got;  // key type, begin bit, end bit, value bytes
  for (auto* s : sorts) got.emplace_back(s->algo.dtype, s->algo.begin_bit, s->algo.end_bit, s->algo.value_size);
  CHECK(got == std::vector<std::tuple<uint8_t, int, int, int>>{{kInt32, 0, 32, 4},
                                                               {kFloat32, 0, 32, 4},
                                                               {kInt64, 0, 64, 8},
                                                               {kUInt32, 4, 28, 4},
                                                               {kFloat64, 0, 64, 8},
                                                               {kInt32, 0, 32, 4}});
  CHECK(sorts[0]->algo.a.region == region_of(a, "i32_keys_in"));
  CHECK(sorts[5]->algo.count == 1);
}

TEST_CASE("algorithm records: segmented sorts with inferred and explicit segment ends, and run-length encodes") {
  auto& a = scene("segmented_sorts");
  auto seg = ops_of(a, kOpSegmentedSort);
  REQUIRE(seg.size() == 2);
  auto& inferred = seg[0]->algo;  // ends are the starts array one element on
  CHECK((inferred.dtype == kInt32 && inferred.count == 10000 && inferred.num_segments == 310));
  CHECK((inferred.d.region == inferred.c.region && inferred.d.offset == inferred.c.offset + 4));
  auto& expl = seg[1]->algo;
  CHECK((expl.dtype == kFloat32 && expl.num_segments == 4 && expl.d.region != expl.c.region));
  auto& r = scene("runlength");
  auto rle = ops_of(r, kOpRunlengthEncode);
  REQUIRE(rle.size() == 4);
  CHECK((rle[1]->algo.count == 1000 && rle[2]->algo.count == 777 && rle[3]->algo.count == 1));
  CHECK(rle[0]->algo.d.region == region_of(r, "mixed_count"));
}

TEST_CASE("chains: a 32-bit radix sort is four passes of histogram, scan and scatter between the halves, then a copy") {
  auto& a = scene("radix_sorts");
  auto& o = *ops_of(a, kOpRadixSort)[0];  // int32 keys, 5000 of them
  auto rec = chain(a, o);
  uint64_t tiles = (5000 + kSortTile - 1) / kSortTile, buckets = 256 * tiles;
  REQUIRE(buckets <= kScanTile);  // the histogram fits one scan tile: its scan is one kernel
  // Warp records its copy-back after CUB (second half to first) as graph ops: both halves must end sorted.
  std::string pass = "wrpkit_radix_histogram_k32 wrpkit_scan_apply_u32 wrpkit_radix_scatter_k32_v32";
  CHECK(rec.entries() == fmt::format("{0} {0} {0} {0} copy copy", pass));
  DevicePtr keys = DevicePtr(o.algo.a.region) << 24, values = DevicePtr(o.algo.b.region) << 24;
  auto& h0 = rec.nodes[0];  // keys, n, kind (signed), shift, bits, histogram, tiles
  CHECK(h0.args == std::vector<uint64_t>{keys, 5000, 1, 0, 8, kScratch, tiles});
  CHECK((h0.x == tiles && h0.block == kAlgoBlock));
  // the histogram scanned in place, exclusive, from no tile offsets
  CHECK(rec.nodes[1].args == std::vector<uint64_t>{kScratch, kScratch, buckets, 4, 4, 0, 1, 0});
  // pass 1 reads the first halves and writes the second; pass 2 the reverse
  CHECK(rec.nodes[2].args ==
        std::vector<uint64_t>{keys, values, keys + 20000, values + 20000, 5000, 1, 0, 8, kScratch, tiles});
  CHECK(rec.nodes[5].args[0] == keys + 20000);
  CHECK(rec.nodes[5].args[2] == keys);
  CHECK(rec.nodes[11].args[6] == 24);  // the last pass: bits 24..32, into the first halves, then copied to the second
  CHECK(rec.nodes[11].args[2] == keys);
  CHECK((rec.nodes[12].dst == keys + 20000 && rec.nodes[12].src == keys && rec.nodes[12].bytes == 20000));
  CHECK((rec.nodes[13].dst == values + 20000 && rec.nodes[13].src == values));
  CHECK(algorithm_scratch_size(o) == (buckets * 4 + 255) / 256 * 256);  // the histogram alone
}

TEST_CASE(
    "chains: bits 4..28 take three passes and a copy back, 64-bit keys with 8-byte values take eight and a copy") {
  auto& a = scene("radix_sorts");
  auto sorts = ops_of(a, kOpRadixSort);
  auto rec = chain(a, *sorts[3]);  // uint32 keys, bits [4, 28)
  REQUIRE(rec.nodes.size() == 11);
  CHECK(rec.nodes[0].args[2] == 0);  // unsigned keys: no twiddle
  CHECK((rec.nodes[0].args[3] == 4 && rec.nodes[3].args[3] == 12 && rec.nodes[6].args[3] == 20));
  DevicePtr keys = DevicePtr(sorts[3]->algo.a.region) << 24, values = DevicePtr(sorts[3]->algo.b.region) << 24;
  CHECK((rec.nodes[9].what == "copy" && rec.nodes[9].dst == keys && rec.nodes[9].src == keys + 20000 &&
         rec.nodes[9].bytes == 20000));
  CHECK((rec.nodes[10].dst == values && rec.nodes[10].bytes == 20000));
  auto wide = chain(a, *sorts[2]);  // int64 keys, int64 values
  CHECK(wide.nodes.size() == 26);
  CHECK(wide.nodes[0].what == "wrpkit_radix_histogram_k64");
  CHECK(wide.nodes[2].what == "wrpkit_radix_scatter_k64_v64");
  CHECK(wide.nodes[21].args[3] == 56);  // the last pass's shift
  CHECK((wide.nodes[24].what == "copy" && wide.nodes[24].bytes == 3000 * 8 && wide.nodes[25].bytes == 3000 * 8));
  auto floats = chain(a, *sorts[4]);  // float64 keys: the float twiddle
  CHECK(floats.nodes[0].args[2] == 2);
  auto one = chain(a, *sorts[5]);  // at most one sort tile: one block does every pass and the copy
  DevicePtr k1 = DevicePtr(sorts[5]->algo.a.region) << 24, v1 = DevicePtr(sorts[5]->algo.b.region) << 24;
  CHECK(one.entries() == "wrpkit_radix_tile_k32_v32");
  CHECK(one.nodes[0].args == std::vector<uint64_t>{k1, v1, 1, 1, 0, 32});  // keys, values, n, kind, bits [0, 32)
  CHECK(algorithm_scratch_size(*sorts[5]) == 0);
  CHECK(entries_of(a, *sorts[2]) == std::vector<std::string>{"wrpkit_radix_histogram_k64", "wrpkit_scan_apply_u32",
                                                             "wrpkit_radix_scatter_k64_v64"});
}

TEST_CASE("chains: scans by element type and component, sums per component, an inner product as one") {
  auto& a = scene("scans");
  auto scans = ops_of(a, kOpScan);
  auto vec = chain(a, *scans[4]);  // 3001 vec3: two tiles, three components
  CHECK(vec.entries() == "wrpkit_scan_sums_f32 wrpkit_scan_offsets_f32 wrpkit_scan_apply_f32");
  CHECK((vec.nodes[0].x == 2 && vec.nodes[0].y == 3 && vec.nodes[1].x == 1 && vec.nodes[1].y == 3));
  CHECK(vec.nodes[2].args[7] == 1);                                 // inclusive
  CHECK(chain(a, *scans[2]).entries() == "wrpkit_scan_apply_u64");  // int64 scans as uint64; one element, one tile
  auto three = chain(a, *scans[0]);                                 // 5000 int32: three tiles
  CHECK(three.nodes[2].args[5] == kScratch);                        // the tile offsets
  CHECK(algorithm_scratch_size(*scans[0]) == 256);
  auto strided = chain(a, *scans[6]);
  CHECK((strided.nodes[2].args[3] == 8 && strided.nodes[2].args[4] == 4));  // in and out strides
  CHECK(algorithm_scratch_size(*scans[4]) == 256);  // 2 tiles x 3 components x 4 bytes, one 256-byte slot
  auto& s = scene("sums");
  auto red = ops_of(s, kOpReduction);
  auto vsum = chain(s, *red[0]);  // 5000 vec3: 3 blocks of partial sums per component
  CHECK(vsum.entries() == "wrpkit_reduce_partials_f32 wrpkit_reduce_final_f32");
  CHECK((vsum.nodes[0].x == 3 && vsum.nodes[0].y == 3 && vsum.nodes[1].y == 3));
  CHECK(vsum.nodes[0].args[6] == 0);
  auto inner = chain(s, *red[2]);
  CHECK((inner.nodes[0].y == 1 && inner.nodes[0].args[6] == 1 && inner.nodes[0].args[5] == 3));
  auto small = chain(s, *red[1]);  // 7 float64: one block, whose partial sum is the result
  CHECK(small.entries() == "wrpkit_reduce_partials_f64");
  CHECK(small.nodes[0].args[7] == DevicePtr(red[1]->algo.c.region) << 24);
  CHECK(algorithm_scratch_size(*red[1]) == 0);
  auto column = chain(s, *red[4]);  // column 1 of 64 rows: its sum lands at its offset
  CHECK(column.nodes[0].args[7] == (DevicePtr(red[4]->algo.c.region) << 24) + 4);
}

TEST_CASE(
    "chains: run-length encode is one kernel for one tile, else heads, scan, runs and lengths, a segmented sort one "
    "kernel") {
  auto& r = scene("runlength");
  auto rle = ops_of(r, kOpRunlengthEncode);
  auto small = chain(r, *rle[2]);  // 777 values: one scan tile, one block does it all
  CHECK(small.entries() == "wrpkit_rle_tile");
  auto& g = rle[2]->algo;
  CHECK(small.nodes[0].args == std::vector<uint64_t>{DevicePtr(g.a.region) << 24, 777, DevicePtr(g.b.region) << 24,
                                                     DevicePtr(g.c.region) << 24, DevicePtr(g.d.region) << 24});
  CHECK((small.nodes[0].x == 1 && algorithm_scratch_size(*rle[2]) == 0));
  auto rec = chain(r, *rle[0]);  // 18072 values: nine scan tiles
  CHECK(rec.entries() ==
        "wrpkit_rle_heads wrpkit_scan_sums_u32 wrpkit_scan_offsets_u32 wrpkit_scan_apply_u32 "
        "wrpkit_rle_runs wrpkit_rle_lengths");
  CHECK(rec.nodes[3].args[7] == 1);  // inclusive: each element's run number + 1
  DevicePtr count = DevicePtr(rle[0]->algo.d.region) << 24;
  CHECK(rec.nodes[4].args[5] == count);
  CHECK(rec.nodes[5].args[1] == count);             // the lengths kernel reads the count the runs kernel wrote
  CHECK(rec.nodes[4].args[4] == kScratch + 72448);  // run starts after the 18072 run numbers (72288 bytes, 256-aligned)
  auto& s = scene("segmented_sorts");
  auto seg = ops_of(s, kOpSegmentedSort);
  auto one = chain(s, *seg[0]);
  CHECK(one.entries() == "wrpkit_segmented_sort");
  CHECK((one.nodes[0].x == 310 && one.nodes[0].args[2] == 10000 && one.nodes[0].args[5] == 1));
  CHECK(one.nodes[0].args[4] == one.nodes[0].args[3] + 4);  // inferred ends
  CHECK(chain(s, *seg[1]).nodes[0].args[5] == 2);           // float keys
  CHECK(algorithm_scratch_size(*seg[0]) == 0);
}

TEST_CASE("chains: the scratch one area must hold is the most any op needs, nested bodies included") {
  auto& a = scene("radix_sorts");
  uint64_t most = 0;
  for (auto& o : a.ops.ops) most = std::max(most, is_algorithm_op(o.type) ? algorithm_scratch_size(o) : 0);
  CHECK(plan_replay(a.ops.ops, a.regions, "t").scratch_size == most);
  Op loop;  // a while whose condition is in the first region, around every sort
  loop.type = kOpWhile;
  loop.dst_region = int32_t(a.regions.front().id);
  loop.branch_a = a.ops.ops;
  CHECK(plan_replay({loop}, a.regions, "t").scratch_size == most);
  // every entry a chain launches is one the helpers' source declares and the helper build checks for
  auto all = replay_helper_entries();
  for (auto* name : {"scans", "sums", "radix_sorts", "segmented_sorts", "runlength"}) {
    auto plan = plan_replay(scene(name).ops.ops, scene(name).regions, name);
    CHECK(plan.problems.empty());
    CHECK_FALSE(plan.helper_entries.empty());
    for (auto& e : plan.helper_entries) CHECK(std::find(all.begin(), all.end(), e) != all.end());
  }
}

TEST_CASE("chains: operands misaligned for their elements or of too many components are bad input") {
  Op o;
  o.type = kOpScan;
  o.algo.dtype = kFloat64;
  o.algo.count = 10;
  o.algo.stride_a = o.algo.stride_b = 8;
  o.algo.a = {1, 4};
  CHECK(refusal(o) ==
        "x.wrp: operations[0] (op): the input at offset 4 of region 1 is not aligned to its 8-byte "
        "elements");
  o.algo.a = {1, 0};
  o.algo.type_len = 70000;
  CHECK(refusal(o).find("elements of 70000 scalars (wrp-run replays at most 65535)") != std::string::npos);
  Op empty;  // a run-length encode of nothing writes a zero count
  empty.type = kOpRunlengthEncode;
  empty.algo.d = {1, 0};
  std::vector<PlanNode> plan;
  append_algorithm(
      plan, empty, [](const RegionRef&, uint64_t, const char*) { return Operand::in_region(1, 256); }, Operand{}, "t");
  Recorder rec(plan);
  CHECK((rec.entries() == "zero" && rec.nodes[0].bytes == 4));
}

TEST_CASE("helper source: each entry's group, and only the groups asked for are switched on") {
  for (auto& e : replay_helper_entries()) CHECK(helper_group(e).starts_with("WRPKIT_"));
  CHECK(helper_group("wrpkit_scan_apply_f64") == "WRPKIT_SCAN_F64");
  CHECK(helper_group("wrpkit_radix_scatter_k64_v32") == "WRPKIT_RADIX_K64");
  CHECK(helper_group(kHelperSetIfElse) == "WRPKIT_CONDITIONS");
  CHECK_THROWS(helper_group("not_a_helper"));
  auto src = replay_helper_source({kHelperMemtile, "wrpkit_rle_tile", "wrpkit_scan_sums_u32"});
  CHECK(src.starts_with("#define WRPKIT_MEMTILE 1\n#define WRPKIT_RLE 1\n#define WRPKIT_SCAN_U32 1\n"));
  CHECK(src.find("#define WRPKIT_CONDITIONS") == std::string::npos);
  // every group the source tests for is one helper_group names, and the other way round
  std::set<std::string> tested, named;
  for (size_t at = 0; (at = src.find("#ifdef ", at)) != std::string::npos; at += 7)
    tested.insert(src.substr(at + 7, src.find('\n', at) - at - 7));
  for (auto& e : replay_helper_entries()) named.insert(helper_group(e));
  CHECK(tested == named);
}
