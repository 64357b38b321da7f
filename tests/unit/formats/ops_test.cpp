// The operations section: op stream summaries of real captures and of ops made here.
#include "wrpkit/formats/ops.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <functional>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/replay/support.hpp"

using namespace wrp;
using namespace fixtures;

TEST_CASE("op stream summaries") {
  auto w = open_artifact(fixtures::ptx75());
  CHECK(w.ops.by_type["kernel_launch"] == 20);
  CHECK(w.ops.all_launches_resolved());
  CHECK_FALSE(w.ops.has_conditionals);
  auto c = open_artifact(fixtures::while_loop());
  CHECK(c.ops.has_conditionals);
  CHECK(c.ops.max_depth == 1);
  CHECK(c.ops.by_type["while"] == 1);
  CHECK(c.ops.count == 2);
  CHECK(c.ops.top_level == 1);
  auto h = open_artifact(fixtures::local("warp-1.17.0-h200/histogram"));
  CHECK(h.ops.by_type["memcpy_d2d"] == 1);
  CHECK(h.ops.by_type["memset"] == 1);
  CHECK(h.ops.launches.size() == 1);
  CHECK(open_artifact(fixtures::two_modules()).ops.launches.size() == 2);
  if (fixtures::have_shared()) {  // extra coverage: a fill (memtile) op
    auto mm = open_artifact(fixtures::shared() / "multi_module_ptx75" / "multi_module_ptx75.wrp");
    CHECK(mm.ops.by_type["memtile"] == 1);
    CHECK(mm.ops.launches.size() == 4);
  }
}

TEST_CASE("a launch naming no metadata kernel is reported") {
  auto a = open_artifact(fixtures::ptx75());
  a.meta.kernels.clear();
  auto& ops = a.container.find(kSectionOperations)->data;
  auto s = walk_ops("x", ops, 0, a.meta);
  CHECK_FALSE(s.all_launches_resolved());
}

namespace {

// The BSR capture's .wrp with `edit` applied to the bytes of its first op of `type`.
Artifact bsr_edited(uint32_t type, const std::function<void(uint8_t* record)>& edit) {
  auto path = fixtures::bsr18();
  auto a = open_artifact(path);
  auto bytes = read_file(path);
  for (auto& o : a.ops.ops)
    if (o.type == type) {
      edit(bytes.data() + o.offset);
      break;
    }
  return open_artifact_bytes(path, bytes, module_files_in(modules_dir_for(path)));
}

void put_i32(uint8_t* at, int32_t v) { std::memcpy(at, &v, 4); }

}  // namespace

TEST_CASE("BSR ops of a real Warp 1.19 capture decode as Warp wrote them") {
  auto a = open_artifact(fixtures::bsr18());
  const BsrOp *from = nullptr, *transpose = nullptr;
  for (auto& o : a.ops.ops) {
    if (o.type == kOpBsrFromTriplets) from = &o.bsr;
    if (o.type == kOpBsrTranspose) transpose = &o.bsr;
  }
  REQUIRE(from);
  REQUIRE(transpose);
  CHECK((from->row_count == 64 && from->col_count == 64 && from->nnz_upper_bound == 600));
  CHECK((from->block_size == 4 && from->scalar_size == 4));  // 2x2 blocks of float32
  CHECK_FALSE(from->masked);
  CHECK(from->zero_mask != 0);  // prune_numerical_zeros
  CHECK(from->tpl_values.region > 0);
  CHECK(from->row_counts.region == -1);  // a compact matrix
  CHECK((transpose->row_count == 64 && transpose->col_count == 64));
  CHECK(transpose->t_offsets_tail.empty());
}

TEST_CASE("hostile BSR records are refused in one line: negative counts at open, spans beyond regions in the plan") {
  auto negative = error_of([] { bsr_edited(kOpBsrFromTriplets, [](uint8_t* r) { put_i32(r + 16, -5); }); });
  CHECK(negative.find("negative counts: -5 rows") != std::string::npos);
  auto scalar = error_of([] { bsr_edited(kOpBsrFromTriplets, [](uint8_t* r) { put_i32(r + 12, 3); }); });
  CHECK(scalar.find("scalars of 3 bytes") != std::string::npos);
  // The plan finds spans beyond their regions: bad input met on the way (plan.problems).
  auto problem = [](const Artifact& a) {
    auto plan = plan_replay(a);
    return plan.problems.empty() ? std::string() : plan.problems.front();
  };
  auto rows = problem(bsr_edited(kOpBsrFromTriplets, [](uint8_t* r) { put_i32(r + 16, 1 << 20); }));
  CHECK(rows.find("its row offsets") != std::string::npos);
  CHECK(rows.find("lie outside the regions the file holds") != std::string::npos);
  CHECK(
      rows.ends_with("lie outside the regions the file holds; the capture is damaged or was not written by "
                     "Warp: re-save it"));  // the artifact's remedy, once
  auto blocks = problem(bsr_edited(kOpBsrFromTriplets, [](uint8_t* r) { put_i32(r + 8, 1 << 30); }));
  CHECK(blocks.find("its triplet values") != std::string::npos);
  auto t = problem(bsr_edited(kOpBsrTranspose, [](uint8_t* r) { put_i32(r + 12, 100000); }));
  CHECK(t.find("its transposed row offsets") != std::string::npos);
  CHECK(problem(open_artifact(fixtures::bsr18())).empty());
}
