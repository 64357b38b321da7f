// The operations section: op stream summaries of real captures and of ops made here.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"

using namespace wrp;

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
