// The chains of helper kernels wrp-run appends for Warp's BSR ops (from triplets,
// transpose), planned from the real Warp 1.19 capture of tests/data (600 triplets into
// a 64 x 64 block matrix, then its transpose) and from variants of its records: the
// entries, bit ranges, operands, scratch and refusals. What the kernels compute is
// checked on the GPU against stock Warp (tests/gpu/wrp-run-vs-warp, scenes bsr,
// bsr_counted, bsr_padded).
#include "wrpkit/replay/sparse.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "chain_recorder.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/support.hpp"

using namespace wrp;
using namespace chain_test;

namespace {

const Artifact& bsr_capture() {
  static Artifact a = open_artifact(fixtures::bsr18(), false);
  return a;
}

Op bsr_op(uint32_t type) {
  for (auto& o : bsr_capture().ops.ops)
    if (o.type == type) return o;
  FAIL("no op of type " << type);
  return {};
}

// Any region, any span: the variants below are made in memory.
Recorder bsr_chain(const Op& o, uint64_t span = 1 << 20) {
  std::vector<PlanNode> plan;
  auto anywhere = [](const RegionRef& r, uint64_t, const char*) {
    return Operand::in_region(uint32_t(r.region), r.offset);
  };
  append_bsr(
      plan, o, anywhere, [&](const RegionRef&) { return span; }, Operand{Operand::Area::scratch, 0, 0}, "test");
  return Recorder(plan);
}

DevicePtr at(const RegionRef& r, uint64_t plus = 0) { return (DevicePtr(r.region) << 24) + r.offset + plus; }

std::string bsr_refusal(const Op& o) {
  try {
    bsr_chain(o);
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("BSR from triplets: keys, one sort of 13 bits, run-length encode, offsets, columns, summed offsets") {
  auto o = bsr_op(kOpBsrFromTriplets);
  auto& s = o.bsr;
  auto rec = bsr_chain(o);
  CHECK(rec.entries() ==
        "wrpkit_bsr_triplet_keys wrpkit_radix_halves_k64_v32 wrpkit_bsr_key_heads wrpkit_scan_apply_u32 "
        "wrpkit_bsr_key_runs wrpkit_rle_lengths wrpkit_bsr_row_offsets wrpkit_bsr_columns wrpkit_scan_apply_u32");
  auto& keys = rec.nodes[0].args;  // (n, rows, cols, values, scalar size, zero mask, block size, tpl_nnz, nrow,
                                   //  ncol, offsets, row counts, columns, columns cap, col bits, indices, keys)
  CHECK(keys[0] == 600);
  CHECK((keys[1] == at(s.tpl_rows) && keys[2] == at(s.tpl_columns) && keys[3] == at(s.tpl_values)));
  CHECK((keys[4] == 4 && keys[5] == (s.zero_mask & 0xffffffffu) && keys[6] == 4));  // 2x2 float32 blocks
  CHECK((keys[8] == 64 && keys[9] == 64));
  CHECK((keys[10] == 0 && keys[11] == 0 && keys[12] == 0 && keys[13] == 0));  // not masked: no topology read
  CHECK(keys[14] == 6);                                                       // columns 0..63
  CHECK(keys[15] == at(s.summed_indices));
  // rows 0..64 (64 itself above every valid row, for pruned keys) take 7 bits: 13 in all
  auto& sort = rec.nodes[1].args;  // (k0, k1, v0, v1, n, kind, begin, end)
  CHECK((sort[0] == keys[16] && sort[2] == at(s.summed_indices) && sort[3] == at(s.summed_offsets)));
  CHECK((sort[4] == 600 && sort[5] == 0 && sort[6] == 0 && sort[7] == 13));
  CHECK(rec.nodes[5].args[2] == at(s.summed_offsets));  // run lengths: each block's triplet count
  auto& offsets = rec.nodes[6].args;                    // (rows, col bits, count, cap, keys, offsets)
  CHECK((offsets[0] == 64 && offsets[1] == 6 && offsets[3] == 600 && offsets[5] == at(s.offsets)));
  CHECK(rec.nodes[6].x == 1);                            // 65 rows to place: one block of 256
  CHECK(rec.nodes[7].args[0] == at(s.offsets, 64 * 4));  // columns of offsets[rows] blocks
  CHECK(rec.nodes[8].args[0] == rec.nodes[8].args[1]);   // the summed offsets scanned in place
  CHECK(rec.nodes[8].args[0] == at(s.summed_offsets));
  CHECK(rec.nodes[8].args[7] == 1);  // inclusive
}

TEST_CASE("BSR from triplets: a masked op reads the destination topology, an unpruned one no values") {
  auto o = bsr_op(kOpBsrFromTriplets);
  o.bsr.masked = true;
  auto masked = bsr_chain(o, 4000).nodes[0].args;
  CHECK((masked[10] == at(o.bsr.offsets) && masked[12] == at(o.bsr.columns) && masked[13] == 1000));
  CHECK(masked[11] == 0);  // a compact destination: no row counts
  o.bsr.zero_mask = 0;
  CHECK(bsr_chain(o).nodes[0].args[3] == 0);
}

TEST_CASE("BSR from triplets: beyond one sort tile, 8-bit passes between the index arrays, then copies back") {
  auto o = bsr_op(kOpBsrFromTriplets);
  o.bsr.nnz_upper_bound = 5000;
  o.bsr.row_count = 1000;  // 10 bits of rows, 6 of columns: two passes
  auto rec = bsr_chain(o);
  // 5 tiles' histograms (1280 counters) fit one scan tile: one scan node per pass
  CHECK(rec.entries().starts_with(
      "wrpkit_bsr_triplet_keys wrpkit_radix_histogram_k64 wrpkit_scan_apply_u32 wrpkit_radix_scatter_k64_v32 "
      "wrpkit_radix_histogram_k64 wrpkit_scan_apply_u32 wrpkit_radix_scatter_k64_v32 copy copy wrpkit_bsr_key_heads"));
  auto& first = rec.nodes[1].args;   // histogram (keys, n, kind, shift, bits, hist, tiles)
  auto& second = rec.nodes[4].args;  // the second pass: bits 8..15
  CHECK((first[3] == 0 && first[4] == 8 && second[3] == 8 && second[4] == 8 && first[6] == 5));
  // two passes end where they began: the copies give the other halves the result
  auto& copy = rec.nodes[7];
  CHECK((copy.src == rec.nodes[0].args[16] && copy.bytes == 5000 * 8));
  CHECK((rec.nodes[8].src == at(o.bsr.summed_indices) && rec.nodes[8].dst == at(o.bsr.summed_offsets)));
  CHECK(bsr_scratch_size(o) >= 2 * 5000 * 8 + 2 * 5000 * 4);
}

TEST_CASE("BSR transpose: compact, by the source offsets at its row count, or padded, with row counts and a scatter") {
  auto o = bsr_op(kOpBsrTranspose);
  auto& s = o.bsr;
  auto rec = bsr_chain(o, 2400);
  CHECK(rec.entries() ==
        "wrpkit_bsr_transpose_keys wrpkit_radix_halves_k64_v32 wrpkit_bsr_row_offsets wrpkit_bsr_columns");
  auto& keys = rec.nodes[0].args;  // (n, rows, offsets, row counts, columns, indices, keys)
  CHECK((keys[0] == 600 && keys[1] == 64 && keys[3] == 0 && keys[5] == at(s.block_indices, 600 * 4)));
  auto& sort = rec.nodes[1].args;  // the source's columns (0..64: 7 bits) above bit 32
  CHECK((sort[2] == at(s.block_indices, 600 * 4) && sort[3] == at(s.block_indices) && sort[6] == 32 && sort[7] == 39));
  CHECK((rec.nodes[2].args[2] == at(s.offsets, 64 * 4) && rec.nodes[2].args[5] == at(s.t_offsets)));
  CHECK(rec.nodes[3].args[1] == 600);  // at most the source's blocks, within the span of t_columns
  CHECK(bsr_chain(o, 400).nodes[3].args[1] == 100);

  s.row_counts = s.offsets;  // a padded source and destination
  s.t_row_counts = s.t_offsets;
  s.status = s.t_offsets;
  auto padded = bsr_chain(o, 2400);
  CHECK(padded.entries() ==
        "zero wrpkit_bsr_count_active wrpkit_bsr_transpose_keys wrpkit_radix_halves_k64_v32 copy "
        "wrpkit_bsr_row_offsets wrpkit_bsr_scatter_padded");
  DevicePtr active = padded.nodes[0].dst;
  CHECK((padded.nodes[1].args[2] == active && padded.nodes[5].args[2] == active));
  CHECK(padded.nodes[4].src == at(s.block_indices));  // the sorted map, kept before the scatter rewrites it
  auto& scatter = padded.nodes[6].args;  // (cols, compact, keys, sorted, t_offsets, t_counts, t_columns, cap,
                                         //  block indices, cap, status)
  CHECK((scatter[1] == padded.nodes[5].args[5] && scatter[3] == padded.nodes[4].dst));
  CHECK((scatter[7] == 600 && scatter[9] == 600 && scatter[10] == at(s.status)));
}

TEST_CASE("BSR chains: misaligned, missing or overflowing operands are bad input naming the operand") {
  auto o = bsr_op(kOpBsrFromTriplets);
  o.bsr.tpl_rows.offset += 2;
  CHECK(bsr_refusal(o).find("test: the triplet rows at offset") != std::string::npos);
  CHECK(bsr_refusal(o).find("not aligned to its 4-byte elements") != std::string::npos);
  o = bsr_op(kOpBsrFromTriplets);
  o.bsr.block_size = INT32_MAX;
  o.bsr.scalar_size = 8;
  o.bsr.nnz_upper_bound = INT32_MAX;
  CHECK(bsr_refusal(o).find("overflow") != std::string::npos);
  // against the capture's own regions: the record's spans, checked by the replay plan
  auto t = bsr_op(kOpBsrTranspose);
  t.bsr.t_columns.region = 9999;
  auto plan = plan_replay({t}, bsr_capture().regions, "x.wrp: operations");
  REQUIRE(plan.problems.size() == 1);
  CHECK(plan.problems[0].find("its transposed columns, 4 bytes at offset") != std::string::npos);
}

TEST_CASE("the real BSR capture plans with no blocker: its helpers are the sparse and sort kernels") {
  auto& a = bsr_capture();
  auto plan = plan_replay(a);
  CHECK(plan.blockers.empty());
  CHECK(plan.problems.empty());
  CHECK(plan.helper_ops == std::vector<std::string>{"bsr_from_triplets", "bsr_transpose"});
  for (auto& e : plan.helper_entries) {
    bool known = false;
    for (auto& h : replay_helper_entries()) known |= h == e;
    CHECK_MESSAGE(known, e);
  }
  CHECK(plan.scratch_size ==
        std::max(bsr_scratch_size(bsr_op(kOpBsrFromTriplets)), bsr_scratch_size(bsr_op(kOpBsrTranspose))));
  // as captured (no helpers section): wrp-build must add them
  auto why = replay_blockers(a, plan);
  REQUIRE(why.size() == 1);
  CHECK(why[0].starts_with("bsr_from_triplets, bsr_transpose (need wrp-run's helper kernels"));
}

TEST_CASE("real captures of the variants: a device triplet count, padded transposes with source row counts") {
  auto counted = open_artifact(fixtures::bsr_counted18(), false);
  auto plan = plan_replay(counted);
  CHECK((plan.blockers.empty() && plan.problems.empty()));
  const Op* from = nullptr;
  for (auto& o : counted.ops.ops)
    if (o.type == kOpBsrFromTriplets) from = &o;
  REQUIRE(from);
  REQUIRE(from->bsr.tpl_nnz.region > 0);
  auto keys = bsr_chain(*from).nodes[0].args;
  CHECK(keys[7] == at(from->bsr.tpl_nnz));                  // the mask reads the count on the device
  CHECK((keys[6] == 6 && keys[8] == 48 && keys[9] == 40));  // 2x3 blocks, 48 x 40 of them

  auto padded = open_artifact(fixtures::bsr_padded18(), false);
  plan = plan_replay(padded);
  CHECK((plan.blockers.empty() && plan.problems.empty()));
  int transposes = 0;
  for (auto& o : padded.ops.ops) {
    if (o.type != kOpBsrTranspose) continue;
    ++transposes;
    CHECK((o.bsr.row_counts.region > 0 && o.bsr.t_row_counts.region > 0 && o.bsr.status.region > 0));
    auto rec = bsr_chain(o);
    CHECK(rec.entries().find("wrpkit_bsr_count_active") != std::string::npos);
    CHECK(rec.entries().ends_with("wrpkit_bsr_scatter_padded"));
  }
  CHECK(transposes == 2);
}

namespace {

// What a BSR op record says, and which operands it names, as one comparable line.
std::string bsr_summary(const Artifact& a) {
  std::string s;
  for (auto& o : a.ops.ops) {
    if (o.type != kOpBsrFromTriplets && o.type != kOpBsrTranspose) continue;
    auto& b = o.bsr;
    auto has = [](const RegionRef& r) { return r.region >= 0 ? '1' : '0'; };
    s += fmt::format("{}:{}x{}/{} block {}x{}B masked {} zero_mask {} regions {}{}{}{}{}{}{}{}{}{}{}{}{}{} tail {}; ",
                     o.type, b.row_count, b.col_count, b.nnz_upper_bound, b.block_size, b.scalar_size, b.masked,
                     b.zero_mask != 0, has(b.tpl_nnz), has(b.tpl_rows), has(b.tpl_columns), has(b.tpl_values),
                     has(b.summed_offsets), has(b.summed_indices), has(b.offsets), has(b.row_counts), has(b.columns),
                     has(b.t_offsets), has(b.t_row_counts), has(b.t_columns), has(b.block_indices), has(b.status),
                     b.t_offsets_tail.size());
  }
  return s;
}

}  // namespace

TEST_CASE("Warp 1.18's BSR records of the three scenes say what Warp 1.19's do, and plan without blockers") {
  for (auto scene : {"bsr", "bsr_counted", "bsr_padded"}) {
    CAPTURE(scene);
    auto w119 = open_artifact(fixtures::local(std::string("warp-1.19.0-h100/default-sf/") + scene), false);
    for (auto form : {"ptx75", "default"}) {
      CAPTURE(form);
      auto w118 = open_artifact(fixtures::bsr16(scene, form), false);
      CHECK(w118.meta.version == 16);
      CHECK(!bsr_summary(w118).empty());
      CHECK(bsr_summary(w118) == bsr_summary(w119));
      auto plan = plan_replay(w118);
      CHECK(plan.problems.empty());
      CHECK(plan.blockers.empty());
    }
  }
}

// Warp 1.17 records no BSR op on a CUDA device (it refuses both in a capture: each reads a
// count back to the host); 1.18 and 1.19 record both, and a transpose alone too.
TEST_CASE("Warp 1.19's transposes of a matrix built before the capture: op 15 alone, planned without blockers") {
  for (auto form : {"ptx75", "default"}) {
    CAPTURE(form);
    auto a = open_artifact(fixtures::bsr_transpose18(form), false);
    int compact = 0, padded = 0, from_triplets = 0;
    for (auto& o : a.ops.ops) {
      from_triplets += o.type == kOpBsrFromTriplets;
      if (o.type == kOpBsrTranspose) ++(o.bsr.t_row_counts.region > 0 ? padded : compact);
    }
    CHECK((compact == 1 && padded == 1 && from_triplets == 0));
    auto plan = plan_replay(a);
    CHECK(plan.problems.empty());
    CHECK(plan.blockers.empty());
  }
}
